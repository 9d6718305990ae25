import { useCallback, useEffect, useState } from "react";
import { errorMessage } from "../../shared/api";
import { useLoad } from "../../shared/ui";
import { listPulseComments, type PulseComment } from "./api";

/** Comments per request: the first page, and each "Show more". */
export const COMMENTS_PAGE_SIZE = 20;

export interface CommentsFilter {
  range: string;
  /** A team id, or empty for every team (admins). */
  team: string;
  /** A pulse question's id, or empty for every question. */
  question: string;
}

interface PagedComments {
  /** The filter these items were loaded for: never a previous team's comments under a new choice. */
  key: string;
  items: PulseComment[];
  total: number;
}

/**
 * The released comments of one choice of range, team and question: the first page, "Show more",
 * and the local changes a lead's own reading and replying make (the server marks a comment read
 * when it is opened, so the list need not be fetched again to clear its marker).
 */
export function usePulseComments(filter: CommentsFilter) {
  const key = JSON.stringify(filter);
  const first = useLoad(async (signal) => ({ key, page: await listPulseComments({ ...filter, limit: COMMENTS_PAGE_SIZE, offset: 0 }, signal) }), [key]);
  const [state, setState] = useState<PagedComments>({ key: "", items: [], total: 0 });
  const [moreError, setMoreError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    if (!first.data) return;
    setState({ key: first.data.key, items: first.data.page.items, total: first.data.page.total });
    setMoreError(null);
  }, [first.data]);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await listPulseComments({ ...filter, limit: COMMENTS_PAGE_SIZE, offset: state.items.length });
      setState((current) => {
        if (current.key !== key) return current;
        // A comment released meanwhile shifts the pages by one: keep each comment once.
        const known = new Set(current.items.map((item) => item.id));
        return { key, items: [...current.items, ...page.items.filter((item) => !known.has(item.id))], total: page.total };
      });
    } catch (caught) {
      setMoreError(errorMessage(caught));
    } finally {
      setLoadingMore(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, state.items.length]);

  /** Applies a change to one listed comment (read, replied to). */
  const update = useCallback((id: string, change: (comment: PulseComment) => PulseComment) => {
    setState((current) => ({ ...current, items: current.items.map((item) => (item.id === id ? change(item) : item)) }));
  }, []);

  // Between a new choice and its first page, and after a refused load, nothing is shown as its comments.
  const current = state.key === key && !first.error;
  return {
    /** Whether `items` and `total` are this choice's (the empty state may be said). */
    ready: current,
    items: current ? state.items : [],
    total: current ? state.total : 0,
    loading: state.key !== key && !first.error,
    error: first.error,
    moreError,
    loadingMore,
    hasMore: current && state.items.length < state.total,
    loadMore,
    update,
  };
}
