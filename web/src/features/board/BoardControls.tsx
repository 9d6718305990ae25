import type { Tag } from "./api";
import type { SortOrder } from "./questions";
import type { TabCounts } from "./useTabCounts";
import type { BoardTab } from "./useBoardLiveEvents";

const TAB_LABEL: Record<BoardTab, string> = { OPEN: "Open", ANSWERED: "Answered" };

/** "Open 11 · Answered 2": the two lists of the board, with the team's counts. */
export function BoardTabs({ tab, counts, onSelect }: { tab: BoardTab; counts: TabCounts; onSelect: (tab: BoardTab) => void }) {
  return (
    <div className="tabs" role="group" aria-label="Show">
      {(["OPEN", "ANSWERED"] as const).map((value) => (
        <button key={value} type="button" className="tab" aria-pressed={tab === value} onClick={() => onSelect(value)}>
          {TAB_LABEL[value]}
          {counts[value] !== null && <span className="tab-count"> {counts[value]}</span>}
        </button>
      ))}
    </div>
  );
}

interface FilterProps {
  searchInput: string;
  onSearchInput: (value: string) => void;
  searching: boolean;
  tags: Tag[];
  tagId: string;
  onTag: (id: string) => void;
  sort: SortOrder;
  onSort: (sort: SortOrder) => void;
}

/** Search, tag and order: one compact row on a phone. */
export function BoardFilters({ searchInput, onSearchInput, searching, tags, tagId, onTag, sort, onSort }: FilterProps) {
  return (
    <div className="filters" role="search">
      <div className="field">
        <label htmlFor="board-search">Search questions</label>
        <input id="board-search" type="search" value={searchInput} onChange={(event) => onSearchInput(event.target.value)} placeholder="Search questions…" />
      </div>
      <div className="field">
        <label htmlFor="board-tag">Tag</label>
        <select id="board-tag" value={tagId} onChange={(event) => onTag(event.target.value)}>
          <option value="">All tags</option>
          {tags.map((tag) => (
            <option key={tag.id} value={tag.id} dir="auto">
              {tag.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="board-sort">Order</label>
        <select
          id="board-sort"
          value={searching ? "relevance" : sort}
          disabled={searching}
          onChange={(event) => onSort(event.target.value === "new" ? "new" : "top")}
        >
          {searching && <option value="relevance">Best match</option>}
          <option value="top">Most votes</option>
          <option value="new">Newest</option>
        </select>
      </div>
    </div>
  );
}
