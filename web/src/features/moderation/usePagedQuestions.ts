import { useCallback, useEffect, useState } from "react";
import { errorMessage } from "../../shared/api";
import { useLoad } from "../../shared/ui";
import { listQuestions, type Question, type QuestionQuery } from "../board/api";
import { sortQuestions, type SortOrder } from "../board/questions";

/** Questions per request: the first page, and each "Show more". */
export const MODERATION_PAGE_SIZE = 50;

interface PagedState {
  items: Question[];
  /** The server's count of the whole list (not just the loaded pages). */
  total: number;
  /** Questions counted in `total` since the last load but not shown: their place is in a page not loaded yet. */
  unlisted: string[];
}

/**
 * One paged moderation list (review, open or answered): the first page, "Show more", and the local
 * changes that keep the list and its count right between reloads (own actions and live events).
 * Each change is idempotent, since an own action and its live event both arrive.
 */
export function usePagedQuestions(query: QuestionQuery, order: SortOrder, keep: (question: Question) => boolean) {
  const key = JSON.stringify(query);
  const first = useLoad((signal) => listQuestions({ ...query, limit: MODERATION_PAGE_SIZE }, signal), [key]);
  const [state, setState] = useState<PagedState>({ items: [], total: 0, unlisted: [] });
  const [moreError, setMoreError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    if (!first.data) return;
    const kept = first.data.items.filter(keep);
    // "All my teams" of a moderator reads every team: the ones set aside do not count.
    setState({ items: kept, total: Math.max(kept.length, first.data.total - (first.data.items.length - kept.length)), unlisted: [] });
  }, [first.data, keep]);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    setMoreError(null);
    try {
      const offset = state.items.length;
      const page = await listQuestions({ ...query, limit: MODERATION_PAGE_SIZE, offset });
      setState((current) => {
        const known = new Set(current.items.map((item) => item.id));
        const fresh = page.items.filter((item) => keep(item) && !known.has(item.id));
        return {
          items: [...current.items, ...fresh],
          total: Math.max(page.total, current.items.length + fresh.length),
          unlisted: current.unlisted.filter((id) => !fresh.some((item) => item.id === id)),
        };
      });
    } catch (caught) {
      setMoreError(errorMessage(caught));
    } finally {
      setLoadingMore(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, keep, state.items.length]);

  /** Takes a question off the list (approved, rejected, answered, deleted); nothing when it was not there. */
  const remove = useCallback((id: string) => {
    setState((current) =>
      current.items.some((item) => item.id === id) || current.unlisted.includes(id)
        ? {
            items: current.items.filter((item) => item.id !== id),
            total: Math.max(0, current.total - 1),
            unlisted: current.unlisted.filter((other) => other !== id),
          }
        : current,
    );
  }, []);

  /**
   * Puts a question in the list, or updates it. A new one is shown only when every page is loaded
   * (otherwise its place may lie in a page not loaded yet); it counts either way.
   */
  const upsert = useCallback(
    (question: Question, { onlyIfNew = false }: { onlyIfNew?: boolean } = {}) => {
      if (!keep(question)) return;
      setState((current) => {
        if (current.unlisted.includes(question.id)) return current;
        if (current.items.some((item) => item.id === question.id)) {
          if (onlyIfNew) return current;
          return {
            ...current,
            items: sortQuestions(
              current.items.map((item) => (item.id === question.id ? question : item)),
              order,
            ),
          };
        }
        if (current.items.length < current.total) return { ...current, total: current.total + 1, unlisted: [...current.unlisted, question.id] };
        return { ...current, items: sortQuestions([...current.items, question], order), total: current.total + 1 };
      });
    },
    [keep, order],
  );

  /**
   * Re-reads the first page (polling: nothing announces new questions under review). A list showing
   * only its first page is replaced; a longer one keeps what the moderator paged to and gains the new ones.
   */
  const refresh = useCallback(async () => {
    const page = await listQuestions({ ...query, limit: MODERATION_PAGE_SIZE }).catch(() => null);
    if (!page) return;
    const kept = page.items.filter(keep);
    setState((current) => {
      if (current.items.length <= MODERATION_PAGE_SIZE)
        return { items: kept, total: Math.max(kept.length, page.total - (page.items.length - kept.length)), unlisted: [] };
      const known = new Set(current.items.map((item) => item.id));
      return { ...current, items: sortQuestions([...current.items, ...kept.filter((item) => !known.has(item.id))], order), total: page.total };
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, keep, order]);

  /** Applies a change to listed questions (a live event); unchanged lists keep their identity. */
  const update = useCallback(
    (change: (question: Question) => Question | null) => {
      setState((current) => {
        let changed = false;
        const items = current.items.map((item) => {
          const next = change(item);
          if (next && next !== item) changed = true;
          return next ?? item;
        });
        return changed ? { ...current, items: sortQuestions(items, order) } : current;
      });
    },
    [order],
  );

  return {
    items: state.items,
    total: state.total,
    loading: first.loading && !first.data,
    error: first.error,
    moreError,
    loadingMore,
    hasMore: state.items.length < state.total,
    loadMore,
    remove,
    upsert,
    update,
    refresh,
    reload: first.reload,
  };
}

export type PagedQuestions = ReturnType<typeof usePagedQuestions>;
