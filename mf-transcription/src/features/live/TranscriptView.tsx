import { useEffect, useId, useRef, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { TRANSCRIPTION_SCROLL_DELAY_MS } from '@ewrt/contract/limits';
import { SectionCard } from '@ewrt/shared/kit';
import type { LiveSegment, LiveTranscript } from './liveTranscript';
import { FLOWING_TEXT, MUTED_TEXT, PARTIAL_TEXT } from './liveTranscriptionStyles';

const TRANSCRIPT_BOX = {
  maxHeight: 360,
  overflowY: 'auto',
  padding: 12,
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  background: '#fff',
} as const;

function confidenceText(confidence: number | null): string {
  return confidence === null ? 'Confidence not given' : `Confidence ${Math.round(confidence * 100)}%`;
}

function timeOf(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

const SEGMENT_ITEM = { padding: '8px 12px', borderBottom: '1px solid #f0f0f0' } as const;

function SegmentList({ segments }: { segments: LiveSegment[] }) {
  if (segments.length === 0) return <Typography.Text style={MUTED_TEXT}>No segments yet</Typography.Text>;
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0, border: '1px solid #d9d9d9', borderRadius: 6 }}>
      {segments.map((segment, index) => (
        <li key={segment.id} style={SEGMENT_ITEM}>
          <Flex vertical gap={2}>
            <Typography.Text style={MUTED_TEXT}>
              Segment {index + 1} · {timeOf(segment.timestamp)} · {confidenceText(segment.confidence)}
            </Typography.Text>
            <span style={FLOWING_TEXT}>{segment.text}</span>
          </Flex>
        </li>
      ))}
    </ol>
  );
}

/**
 * The transcript: the final text (announced politely as segments arrive), the live line of what is still being
 * recognised, and the detailed segments with their confidence, collapsed by default. The box scrolls to the
 * latest words TRANSCRIPTION_SCROLL_DELAY_MS after they arrive (part 3 §9), once the layout has settled.
 */
export function TranscriptView({ transcript }: { transcript: LiveTranscript }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const segmentsId = useId();
  const [showSegments, setShowSegments] = useState(false);
  const { restoredText, segments, partial } = transcript;
  const empty = restoredText.trim() === '' && segments.length === 0 && partial === '';

  useEffect(() => {
    const timer = setTimeout(() => {
      const box = boxRef.current;
      if (box) box.scrollTop = box.scrollHeight;
    }, TRANSCRIPTION_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [segments.length, partial]);

  return (
    <SectionCard title="Transcript">
      <Flex vertical gap="middle">
        {/* Focusable so that the keyboard can scroll a long transcript. */}
        <div ref={boxRef} style={TRANSCRIPT_BOX} tabIndex={0} aria-label="Transcript text" role="region">
          {empty ? (
            <Typography.Text style={MUTED_TEXT}>
              The transcript appears here as you speak. Start recording to begin.
            </Typography.Text>
          ) : null}
          <div role="log" aria-label="Final transcript" aria-live="polite" style={FLOWING_TEXT}>
            {restoredText.trim() !== '' ? <span>{restoredText.trim()} </span> : null}
            {segments.map((segment) => (
              <span key={segment.id}>{segment.text} </span>
            ))}
          </div>
          {partial !== '' ? (
            <p style={{ ...PARTIAL_TEXT, margin: '8px 0 0' }}>
              <span style={{ fontStyle: 'normal', fontWeight: 600 }}>Hearing: </span>
              {partial}
            </p>
          ) : null}
        </div>
        <div>
          <Button
            type="link"
            style={{ paddingInline: 0 }}
            icon={showSegments ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
            aria-expanded={showSegments}
            aria-controls={segmentsId}
            onClick={() => setShowSegments((shown) => !shown)}
          >
            Detailed segments ({segments.length})
          </Button>
          <div id={segmentsId} hidden={!showSegments} style={{ marginTop: 8 }}>
            {showSegments ? <SegmentList segments={segments} /> : null}
          </div>
        </div>
      </Flex>
    </SectionCard>
  );
}
