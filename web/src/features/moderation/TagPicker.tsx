import type { Question, Tag } from "../board/api";
import { MoreMenu } from "./MoreMenu";

/**
 * A question's topic tags as chips (× removes one) and one small "Add tag" control that opens the
 * tags it does not have yet: a card shows what it is tagged with, and adding stays one tap away
 * without a picker on every card.
 */
export function TagPicker({
  question,
  tags,
  short,
  onAdd,
  onRemove,
}: {
  question: Question;
  /** The tags a moderator may add or remove here (the presenting tag has its own control). */
  tags: Tag[];
  short: string;
  onAdd: (tag: Tag) => void;
  onRemove: (tag: Question["tags"][number]) => void;
}) {
  const topicIds = new Set(tags.map((tag) => tag.id));
  const current = question.tags.filter((tag) => topicIds.has(tag.id));
  const available = tags.filter((tag) => !question.tags.some((existing) => existing.id === tag.id));
  if (current.length === 0 && available.length === 0) return null;
  return (
    <div className="tag-editor">
      {current.map((tag) => (
        <span key={tag.id} className="tag-chip">
          <span className="tag-dot" style={{ background: tag.color }} aria-hidden="true" />
          <span dir="auto">{tag.name}</span>
          <button type="button" className="tag-remove" aria-label={`Remove tag ${tag.name} from “${short}”`} onClick={() => onRemove(tag)}>
            ×
          </button>
        </span>
      ))}
      {available.length > 0 && (
        <MoreMenu label={`“${short}”`} text="Add tag" hiddenText={` to “${short}”`}>
          {(close) =>
            available.map((tag) => (
              <div key={tag.id} className="more-item">
                <button
                  type="button"
                  className="button-small button-ghost"
                  onClick={() => {
                    close();
                    onAdd(tag);
                  }}
                >
                  <span className="tag-dot" style={{ background: tag.color }} aria-hidden="true" />
                  <span dir="auto">{tag.name}</span>
                </button>
              </div>
            ))
          }
        </MoreMenu>
      )}
    </div>
  );
}
