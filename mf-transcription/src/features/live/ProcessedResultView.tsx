import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import type { MedicolegalResult, OpinionResult, OutpatientResult, ProcessedResult } from '@ewrt/contract';
import { FLOWING_TEXT, MUTED_TEXT } from './liveTranscriptionStyles';

const OUTPATIENT_SECTIONS: { key: keyof OutpatientResult; title: string }[] = [
  { key: 'diagnosis', title: 'Diagnosis' },
  { key: 'summaryOfConsultation', title: 'Summary of Consultation' },
  { key: 'medicalHistory', title: 'Medical History' },
  { key: 'medicationsAndAllergies', title: 'Medications and Allergies' },
  { key: 'plan', title: 'Plan' },
];

function isOpinion(result: ProcessedResult): result is OpinionResult {
  return 'formattedOpinion' in result;
}

function isOutpatient(result: ProcessedResult): result is OutpatientResult {
  return 'diagnosis' in result;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography.Title level={4} style={{ fontSize: 15, marginBottom: 4 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function SectionText({ text }: { text: string }) {
  return text.trim() === '' ? (
    <Typography.Text style={MUTED_TEXT}>Nothing recorded</Typography.Text>
  ) : (
    <div style={FLOWING_TEXT}>{text}</div>
  );
}

function MedicolegalSections({ result }: { result: MedicolegalResult }) {
  return (
    <>
      <Section title="Summary">
        <SectionText text={result.summary} />
      </Section>
      <Section title="Key Points">
        {result.keyPoints.length === 0 ? (
          <Typography.Text style={MUTED_TEXT}>Nothing recorded</Typography.Text>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {result.keyPoints.map((point, index) => (
              <li key={index} style={FLOWING_TEXT}>
                {point}
              </li>
            ))}
          </ul>
        )}
      </Section>
      {Object.entries(result.contextualSections).map(([name, text]) => (
        <Section key={name} title={name}>
          <SectionText text={text} />
        </Section>
      ))}
      <Section title="Transcript">
        <SectionText text={result.transcript} />
      </Section>
    </>
  );
}

/** An AI-formatted transcription in the sections of its kind (TRN-01), as text. */
export function ProcessedResultView({ result }: { result: ProcessedResult }) {
  return (
    <Flex vertical gap="middle">
      {isOpinion(result) ? (
        <Section title="Medical Opinion">
          <SectionText text={result.formattedOpinion} />
        </Section>
      ) : isOutpatient(result) ? (
        OUTPATIENT_SECTIONS.map(({ key, title }) => (
          <Section key={key} title={title}>
            <SectionText text={result[key]} />
          </Section>
        ))
      ) : (
        <MedicolegalSections result={result} />
      )}
    </Flex>
  );
}
