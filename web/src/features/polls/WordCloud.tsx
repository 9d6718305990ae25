import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { CLOUD_FONT, layoutCloud, type CloudWord, type PlacedWord } from "./cloudLayout";

/**
 * The words of a words poll as a cloud, sized by how often each was sent and laid out by d3-cloud
 * (seeded, so the same words keep their places). Drawn as SVG in px of its box, so a font size in
 * it is a size on screen; words move and grow with CSS transitions when counts change (none with
 * reduced motion). Screen readers get the words as a list.
 */
export default function WordCloud({ words, label }: { words: CloudWord[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [placed, setPlaced] = useState<PlacedWord[]>([]);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const width = Math.round(element.clientWidth);
      const height = Math.round(element.clientHeight);
      setSize((current) => (current && current.width === width && current.height === height ? current : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const key = words.map((word) => `${word.text}\u0000${word.count}`).join("\u0001");
  useEffect(() => {
    if (!size) return;
    let current = true;
    void layoutCloud(words, size.width, size.height, { width: window.innerWidth, height: window.innerHeight }).then((result) => {
      if (current) setPlaced(result);
    });
    return () => {
      current = false;
    };
    // The words' text and counts are the key: a new array with the same words lays out nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, size]);

  const left = words.length - placed.length;
  return (
    <div className="poll-cloud" ref={box}>
      {size && (
        <svg width={size.width} height={size.height} viewBox={`0 0 ${size.width} ${size.height}`} aria-hidden="true" fontFamily={CLOUD_FONT}>
          {placed.map((word, index) => (
            <text
              key={word.text}
              className={`poll-cloud-word poll-cloud-word-${index % 5}`}
              data-count={word.count}
              textAnchor="middle"
              dominantBaseline="auto"
              style={{ fontSize: `${word.size}px`, transform: `translate(${size.width / 2 + word.x}px, ${size.height / 2 + word.y}px)` }}
            >
              {word.text}
            </text>
          ))}
        </svg>
      )}
      <ol className="visually-hidden" aria-label={label}>
        {words.map((word) => (
          <li key={word.text} dir="auto">
            {word.text}: {word.count}
          </li>
        ))}
      </ol>
      {left > 0 && placed.length > 0 && <p className="poll-cloud-more">and {left} more</p>}
    </div>
  );
}
