import { useEffect, useId, useRef, useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { DownOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { TRANSCRIPTION_SCROLL_DELAY_MS } from '@ewrt/contract/limits';
import { SectionCard } from '@ewrt/shared/kit';
import { segmentsToCheck, type LiveSegment, type LiveTranscript } from './liveTranscript';
import { FIELD_LABEL, FLOWING_TEXT, MUTED_TEXT, PARTIAL_TEXT } from './liveTranscriptionStyles';

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
 * The finals recognised with low confidence, as a list in words (not a colour): each finds its words in the text,
 * selected, so that the typist can listen back or retype them.
 */
function SegmentsToCheck({
  segments,
  onFind,
}: {
  segments: LiveSegment[];
  onFind: ((segment: LiveSegment) => void) | null;
}) {
  const headingId = useId();
  if (segments.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Typography.Text strong id={headingId}>
        Words to check ({segments.length}): recognised with low confidence
      </Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {segments.map((segment) => (
          <li key={segment.id}>
            <Flex gap="small" align="center" wrap>
              <span style={FLOWING_TEXT}>“{segment.text}”</span>
              <span style={MUTED_TEXT}>{confidenceText(segment.confidence)}</span>
              {onFind ? (
                <Button
                  size="small"
                  icon={<SearchOutlined aria-hidden />}
                  aria-label={`Find “${segment.text}” in the transcript`}
                  onClick={() => onFind(segment)}
                >
                  Find
                </Button>
              ) : null}
            </Flex>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface TranscriptViewProps {
  transcript: LiveTranscript;
  /** The typist may correct the text (not while recording); null while words are arriving. */
  onEdit: ((text: string) => void) | null;
}

/**
 * The transcript: the final text (announced politely as segments arrive while recording, a text box to correct
 * once paused or stopped), the live line of what is still being recognised, the words recognised with low
 * confidence, and the detailed segments with their confidence, collapsed by default. The box scrolls to the latest
 * words TRANSCRIPTION_SCROLL_DELAY_MS after they arrive (TRN-02), once the layout has settled.
 */
export function TranscriptView({ transcript, onEdit }: TranscriptViewProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const segmentsId = useId();
  const editorId = useId();
  const hintId = useId();
  const [showSegments, setShowSegments] = useState(false);
  const { text, segments, partial } = transcript;
  const empty = text.trim() === '' && partial === '';
  const toCheck = segmentsToCheck(transcript);

  useEffect(() => {
    const timer = setTimeout(() => {
      const box = boxRef.current;
      if (box) box.scrollTop = box.scrollHeight;
    }, TRANSCRIPTION_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [segments.length, partial]);

  /** Selects the segment's words in the text box (the last place they occur: the newest dictation). */
  const find = (segment: LiveSegment) => {
    const editor = document.getElementById(editorId);
    if (!(editor instanceof HTMLTextAreaElement)) return;
    const start = editor.value.lastIndexOf(segment.text);
    if (start < 0) return;
    editor.focus();
    editor.setSelectionRange(start, start + segment.text.length);
  };

  return (
    <SectionCard title="Transcript">
      <Flex vertical gap="middle">
        {onEdit ? (
          <div>
            <label htmlFor={editorId} style={FIELD_LABEL}>
              Final transcript
            </label>
            <Typography.Paragraph id={hintId} style={{ ...MUTED_TEXT, marginBottom: 4 }}>
              {empty
                ? 'The transcript appears here as you speak. Start recording to begin, or type here.'
                : 'Correct the recognised words here before completing. What you dictate next is added at the end.'}
            </Typography.Paragraph>
            <Input.TextArea
              id={editorId}
              aria-describedby={hintId}
              value={text}
              onChange={(event) => onEdit(event.target.value)}
              autoSize={{ minRows: 6, maxRows: 18 }}
              spellCheck
            />
          </div>
        ) : (
          // Focusable so that the keyboard can scroll a long transcript.
          <div ref={boxRef} style={TRANSCRIPT_BOX} tabIndex={0} aria-label="Transcript text" role="region">
            {empty ? (
              <Typography.Text style={MUTED_TEXT}>
                The transcript appears here as you speak. Start recording to begin.
              </Typography.Text>
            ) : null}
            <div role="log" aria-label="Final transcript" aria-live="polite" style={FLOWING_TEXT}>
              {text}
            </div>
            {partial !== '' ? (
              <p style={{ ...PARTIAL_TEXT, margin: '8px 0 0' }}>
                <span style={{ fontStyle: 'normal', fontWeight: 600 }}>Hearing: </span>
                {partial}
              </p>
            ) : null}
          </div>
        )}
        <SegmentsToCheck segments={toCheck} onFind={onEdit ? find : null} />
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
