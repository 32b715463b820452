// The citation view's page text, rebuilt from passages that overlap and leave gaps between them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rebuildPageText, type IndexedPassage } from '../src/features/conversations/rebuildPageText.js';

const PAGE = '  Alpha beta gamma.\n\nDelta epsilon zeta eta.   Theta iota.';

function passage(chunkId: number, from: string, to: string): IndexedPassage {
  const start = PAGE.indexOf(from);
  const end = PAGE.indexOf(to) + to.length;
  return {
    chunk_id: chunkId,
    start_offset: start,
    end_offset: end,
    text: PAGE.slice(start, end),
    source: 'text',
    ocr_confidence: null,
  };
}

describe('rebuildPageText', () => {
  it('places overlapping passages once, turns each gap into one space and keeps each passage findable', () => {
    const passages = [
      passage(3, 'Theta', 'iota.'),
      passage(1, 'Alpha', 'gamma.'),
      passage(2, 'Delta', 'zeta'),
      passage(4, 'epsilon', 'eta.'),
    ];
    const rebuilt = rebuildPageText(passages);
    assert.equal(rebuilt.text, 'Alpha beta gamma. Delta epsilon zeta eta. Theta iota.');
    const byId = new Map(rebuilt.passages.map((placed) => [placed.chunk_id, placed]));
    for (const original of passages) {
      const placed = byId.get(original.chunk_id)!;
      assert.equal(rebuilt.text.slice(placed.start_offset, placed.end_offset), original.text);
    }
  });

  it('gives an empty text for a page without passages', () => {
    assert.deepEqual(rebuildPageText([]), { text: '', passages: [] });
  });
});
