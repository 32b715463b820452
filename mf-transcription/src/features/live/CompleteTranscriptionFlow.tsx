import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Spin, Typography } from 'antd';
import type { ProcessedResult, TranscriptionStatusResponse, TranscriptionType } from '@ewrt/contract';
import { consultationTypeOf, type ConsultationType } from '@ewrt/contract/limits';
import { getErrorMessage, type Patient } from '@ewrt/shared';
import { completeTranscription, summarizeTranscription } from '../api/transcriptionApi';
import { countWords } from './liveTranscript';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';
import { MUTED_TEXT } from './liveTranscriptionStyles';
import { ProcessedResultView } from './ProcessedResultView';
import type { Loaded } from './useLiveSetup';

/** The Word document a completion stored: what Download needs. */
export interface CompletedDocument {
  transcriptionId: number;
  s3Link: string | null;
  filename: string | null;
}

/** The language model's formatting of the transcript, and the model that did it as the server named it. */
interface Processed {
  result: ProcessedResult;
  modelLabel: string;
  consultationType: ConsultationType;
}

interface CompleteTranscriptionFlowProps {
  open: boolean;
  patient: Patient;
  type: TranscriptionType;
  text: string;
  draftId: number | null;
  capabilities: Loaded<TranscriptionStatusResponse>;
  userName: string | null;
  onCancel: () => void;
  onCompleted: (document: CompletedDocument) => void;
}

function FormattingAvailability({ capabilities }: { capabilities: Loaded<TranscriptionStatusResponse> }) {
  if (capabilities.status === 'loading') return <Spin description="Checking AI formatting..." />;
  if (capabilities.status === 'failed') {
    return <Alert type="warning" showIcon title={LIVE_TRANSCRIPTION_MESSAGES.formattingStatusUnknown} />;
  }
  const { formatting } = capabilities.value;
  if (!formatting.available) {
    return (
      <Alert
        type="info"
        showIcon
        title={LIVE_TRANSCRIPTION_MESSAGES.formattingNotConfigured}
        description="The Word document is written from the transcript as it stands."
      />
    );
  }
  return (
    <Typography.Paragraph style={{ margin: 0 }}>
      AI formatting is available: {formatting.model_info?.label ?? formatting.message}. Process with AI to see
      the formatted document before it is written, or write the transcript as it stands.
    </Typography.Paragraph>
  );
}

/**
 * Completing a transcription (TRN-02 modals Complete Transcription and Processed Transcription): optionally
 * formatted by the server's language model into the sections of the type's kind, then written as a Word document,
 * which marks the transcription Complete.
 */
export function CompleteTranscriptionFlow({
  open,
  patient,
  type,
  text,
  draftId,
  capabilities,
  userName,
  onCancel,
  onCompleted,
}: CompleteTranscriptionFlowProps) {
  const [processed, setProcessed] = useState<Processed | null>(null);
  const [working, setWorking] = useState<'processing' | 'completing' | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Each opening starts from the first step.
  useEffect(() => {
    if (!open) return;
    setProcessed(null);
    setWorking(null);
    setError(null);
  }, [open]);

  const formattingAvailable = capabilities.status === 'ready' && capabilities.value.formatting.available;

  /** One step with the dialog busy; a failure is said in the dialog in the step's words. */
  const runStep = async (
    step: 'processing' | 'completing',
    failed: (reason: string) => string,
    action: () => Promise<void>,
  ) => {
    setError(null);
    setWorking(step);
    try {
      await action();
    } catch (failure) {
      setError(failed(getErrorMessage(failure, LIVE_TRANSCRIPTION_MESSAGES.unknownError)));
    } finally {
      setWorking(null);
    }
  };

  const processWithAi = () =>
    runStep('processing', LIVE_TRANSCRIPTION_MESSAGES.processingFailed, async () => {
      const answer = await summarizeTranscription(type.text_transcription_type, {
        text,
        patient_name: `${patient.FirstName} ${patient.Surname}`,
        user_name: userName ?? undefined,
      });
      setProcessed({
        result: answer.result,
        modelLabel: answer.model_info.label,
        consultationType: answer.consultation_type,
      });
    });

  const generateDocument = (formatted: Processed | null) =>
    runStep('completing', LIVE_TRANSCRIPTION_MESSAGES.completingFailed, async () => {
      const answer = await completeTranscription({
        transcription_id: draftId,
        patient_id: patient.ID_Patient,
        transcription_text: text,
        transcription_type_id: type.ID_transcription,
        consultation_type: formatted?.consultationType ?? consultationTypeOf(type.text_transcription_type),
        llm_response: formatted?.result ?? null,
        llm_model: formatted?.modelLabel ?? null,
      });
      if (!answer.success) {
        setError(
          LIVE_TRANSCRIPTION_MESSAGES.completingFailed(
            answer.error ?? LIVE_TRANSCRIPTION_MESSAGES.unknownError,
          ),
        );
        return;
      }
      onCompleted({
        transcriptionId: answer.transcription_id,
        s3Link: answer.s3_link,
        filename: answer.filename,
      });
    });

  const errorAlert = error ? <Alert type="error" showIcon role="alert" title={error} /> : null;

  return (
    <>
      <Modal
        open={open && processed === null}
        title="Complete Transcription"
        width={640}
        onCancel={onCancel}
        mask={{ closable: working === null }}
        footer={
          <Flex gap="small" justify="end" wrap>
            <Button onClick={onCancel} disabled={working !== null}>
              Cancel
            </Button>
            <Button
              loading={working === 'completing'}
              disabled={working === 'processing'}
              onClick={() => void generateDocument(null)}
            >
              Generate Document from transcript
            </Button>
            {formattingAvailable ? (
              <Button
                type="primary"
                loading={working === 'processing'}
                disabled={working === 'completing'}
                onClick={() => void processWithAi()}
              >
                Process with AI
              </Button>
            ) : null}
          </Flex>
        }
      >
        <Flex vertical gap="middle">
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'patient', label: 'Patient', children: `${patient.FirstName} ${patient.Surname}` },
              { key: 'type', label: 'Type', children: type.text_transcription_type },
              { key: 'words', label: 'Words', children: countWords(text) },
            ]}
          />
          <FormattingAvailability capabilities={capabilities} />
          <Typography.Text style={MUTED_TEXT}>
            The document is stored with the patient and the transcription is marked Complete.
          </Typography.Text>
          {errorAlert}
        </Flex>
      </Modal>
      <Modal
        open={open && processed !== null}
        title="Processed Transcription"
        width={760}
        onCancel={onCancel}
        mask={{ closable: working === null }}
        footer={
          <Flex gap="small" justify="end" wrap>
            <Button onClick={() => setProcessed(null)} disabled={working !== null}>
              Back
            </Button>
            <Button onClick={onCancel} disabled={working !== null}>
              Cancel
            </Button>
            <Button
              type="primary"
              loading={working === 'completing'}
              onClick={() => void generateDocument(processed)}
            >
              Generate Document
            </Button>
          </Flex>
        }
      >
        {processed ? (
          <Flex vertical gap="middle">
            <Typography.Text strong>Formatted by {processed.modelLabel}</Typography.Text>
            <Typography.Text style={MUTED_TEXT}>
              Check the formatted text against the transcript: the document is written exactly as shown.
            </Typography.Text>
            <div
              style={{ maxHeight: '55vh', overflowY: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label="Formatted transcription"
            >
              <ProcessedResultView result={processed.result} />
            </div>
            {errorAlert}
          </Flex>
        ) : null}
      </Modal>
    </>
  );
}
