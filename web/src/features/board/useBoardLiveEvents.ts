import { useCallback, useRef, type Dispatch, type SetStateAction } from "react";
import type { QuestionStatus } from "@server/modules/questions/questions.constants";
import type { LiveEvent } from "../../shared/live";
import { useLiveEvents } from "../../shared/session";
import type { Team } from "../../shared/sessionApi";
import { announce } from "../../shared/ui";
import { getQuestion, type Question } from "./api";
import { applyEvent, questionFromEvent, replaceQuestion, sortQuestions, type SortOrder } from "./questions";

export type BoardTab = Extract<QuestionStatus, "OPEN" | "ANSWERED">;

/** What the board shows: the list a live event is matched against. */
export interface BoardView {
  team: Team | undefined;
  tab: BoardTab;
  tagId: string;
  search: string;
  sort: SortOrder;
}

interface BoardLiveEvents {
  view: BoardView;
  questions: Question[];
  setQuestions: Dispatch<SetStateAction<Question[]>>;
  setTotal: Dispatch<SetStateAction<number>>;
  /** Reloads the list after a reconnect (or on each poll for a visitor). */
  onResync: () => void;
  /**
   * Whether a question may join the list: false when it is there already. Shared with the ask form,
   * whose answer and whose live event can come in either order.
   */
  claim: (id: string) => boolean;
  /** A question left the list: it may join it again later. */
  release: (id: string) => void;
  /** Someone else's question joined the list. */
  onArrived?: (id: string) => void;
}

/**
 * Keeps the board's list in step with the live events: new questions join the open list (unless a
 * tag or a search filters it), answered ones move tabs, votes, tags, pins and freezes apply in
 * place. Refs keep the handler stable while the filters change, so the subscription stays put.
 */
export function useBoardLiveEvents({ view, questions, setQuestions, setTotal, onResync, claim, release, onArrived }: BoardLiveEvents): void {
  const state = useRef(view);
  state.current = view;
  const listed = useRef(questions);
  listed.current = questions;
  const arrived = useRef(onArrived);
  arrived.current = onArrived;
  const claimRef = useRef(claim);
  claimRef.current = claim;
  const releaseRef = useRef(release);
  releaseRef.current = release;

  const onEvent = useCallback(
    (event: LiveEvent) => {
      const { team: current, tab: currentTab, tagId: currentTag, search: currentSearch, sort: currentSort } = state.current;
      if (!current) return;
      const resort = (items: Question[]) => (currentSearch ? items : sortQuestions(items, currentSort));
      if (event.type === "question:created") {
        if (event.data.teamId !== current.id || currentTab !== "OPEN" || currentTag || currentSearch) return;
        const fresh = questionFromEvent(event.data);
        if (!claimRef.current(fresh.id)) return;
        setQuestions((items) => (items.some((item) => item.id === fresh.id) ? items : resort([...items, fresh])));
        setTotal((count) => count + 1);
        announce("New question posted");
        arrived.current?.(fresh.id);
        return;
      }
      if (event.type === "question:deleted") {
        const { id } = event.data;
        if (!listed.current.some((item) => item.id === id)) return;
        releaseRef.current(id);
        setQuestions((items) => items.filter((item) => item.id !== id));
        setTotal((count) => Math.max(0, count - 1));
        return;
      }
      if (event.type === "question:answered") {
        const { id } = event.data;
        const wasListed = listed.current.some((item) => item.id === id);
        if (currentTab === "OPEN") {
          if (!wasListed) return;
          releaseRef.current(id);
          setQuestions((items) => items.filter((item) => item.id !== id));
          setTotal((count) => Math.max(0, count - 1));
          return;
        }
        // A search cannot be re-run here: the answered question joins a search's results on reload.
        if (currentSearch) return;
        getQuestion(id).then(
          (full) => {
            if (full.teamId !== current.id || (currentTag && !full.tags.some((tag) => tag.id === currentTag))) return;
            setQuestions((items) => resort(items.some((item) => item.id === full.id) ? replaceQuestion(items, full) : [...items, full]));
            if (!wasListed) setTotal((count) => count + 1);
          },
          () => undefined,
        );
        return;
      }
      setQuestions((items) => {
        let changed = false;
        const next = items.map((item) => {
          const updated = applyEvent(item, event);
          if (updated && updated !== item) changed = true;
          return updated ?? item;
        });
        return changed ? resort(next) : items;
      });
    },
    [setQuestions, setTotal],
  );
  useLiveEvents(onEvent, onResync);
}
