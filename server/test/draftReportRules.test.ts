// The pure rules of draft reports: the complete report's one list of sources, the evidence digest, the section
// prompt (read back by the stand-in's own parser of numbered sources) and the AI-use record.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPLETE_FINAL_REPORT, type DraftSource, type ReportSection } from '@ewrt/contract';
import type { RetrievedPassage } from '../src/features/answers/searchPassages.js';
import {
  assembleCompleteReport,
  UNRESOLVED_CITATION,
} from '../src/features/draft-reports/assembleCompleteReport.js';
import {
  buildDraftSectionPrompt,
  STYLE_EXAMPLE_CHARACTER_BUDGET,
} from '../src/features/draft-reports/buildDraftSectionPrompt.js';
import { composeEvidenceDigest } from '../src/features/draft-reports/composeEvidenceDigest.js';
import { describeAiUse, NO_MODEL_INFO } from '../src/features/draft-reports/describeAiUse.js';
import { readPromptSources } from './support/openAiStandIn.js';

const source = (number: number, s3_key: string, page: number, chunk_id: number): DraftSource => ({
  number,
  filename: `${s3_key}.pdf`,
  s3_key,
  page,
  bundle_page: null,
  chunk_id,
  source: 'text',
  ocr_confidence: null,
});

const section = (overrides: Partial<ReportSection>): ReportSection => ({
  title: 'Section',
  response: '',
  template_applied: false,
  template_id: null,
  bedrock_comprehensive: true,
  bedrock_model_used: 'model-a',
  prompt_id: 1,
  origin: 'language-model',
  sources: [],
  unsupported_sentences: [],
  ...overrides,
});

const passage = (overrides: Partial<RetrievedPassage>): RetrievedPassage => ({
  chunkId: 1,
  documentId: 1,
  filename: 'gp-letter.pdf',
  storageKey: 'key-1',
  page: 1,
  bundlePage: null,
  text: 'The claimant attended the GP on 3 April 2023 with neck pain after the collision.',
  startOffset: 0,
  endOffset: 80,
  source: 'text',
  ocrConfidence: null,
  score: 1,
  ...overrides,
});

describe('the complete report', () => {
  const history = section({
    title: 'History',
    prompt_id: 11,
    response: 'Neck pain began that day [1]. The MRI was normal [2][1].',
    sources: [source(1, 'gp', 1, 10), source(2, 'mri', 2, 20)],
  });
  const opinion = section({
    title: 'Opinion',
    prompt_id: 12,
    response: 'The MRI was normal [1]. Physiotherapy helped [2]. See [1, 2] and [2-3]. Unknown [9].',
    sources: [source(1, 'mri', 2, 20), source(2, 'physio', 4, 40)],
    unsupported_sentences: ['Unknown [9].', 'Physiotherapy cured it [2].'],
  });

  it('merges the sources into one list and rewrites every citation to the page its section cited', () => {
    const complete = assembleCompleteReport([history, opinion]);
    assert.equal(complete.title, COMPLETE_FINAL_REPORT);
    assert.equal(complete.origin, 'assembled');
    assert.equal(complete.prompt_id, null);
    assert.deepEqual(
      complete.sources.map((each) => [each.number, each.s3_key, each.page]),
      [
        [1, 'gp', 1],
        [2, 'mri', 2],
        [3, 'physio', 4],
      ],
      'the MRI page both sections cite is one source',
    );
    assert.equal(
      complete.response,
      'History\n\nNeck pain began that day [1]. The MRI was normal [2][1].\n\n' +
        `Opinion\n\nThe MRI was normal [2]. Physiotherapy helped [3]. See [2, 3] and [3]. Unknown ${UNRESOLVED_CITATION}.`,
    );
    assert.deepEqual(complete.unsupported_sentences, [
      `Unknown ${UNRESOLVED_CITATION}.`,
      'Physiotherapy cured it [3].',
    ]);
    assert.equal(complete.bedrock_comprehensive, true);
    assert.equal(complete.bedrock_model_used, 'model-a');
  });

  it('counts as written by a model only when the model wrote every section', () => {
    const digest = section({
      title: 'Care',
      origin: 'evidence-digest',
      bedrock_comprehensive: false,
      bedrock_model_used: null,
    });
    const complete = assembleCompleteReport([history, digest]);
    assert.equal(complete.bedrock_comprehensive, false);
    assert.equal(complete.bedrock_model_used, 'model-a', 'the model that wrote a part is still named');
    assert.equal(assembleCompleteReport([digest]).bedrock_model_used, null);
  });

  it('keeps the Word template the sections were written for', () => {
    const templated = section({ template_applied: true, template_id: 7 });
    const complete = assembleCompleteReport([templated]);
    assert.equal(complete.template_applied, true);
    assert.equal(complete.template_id, 7);
  });
});

describe('the evidence digest', () => {
  it('says plainly it is no draft, then quotes each passage with its number, file and page', () => {
    const digest = composeEvidenceDigest(
      [
        passage({}),
        passage({ filename: 'mri.pdf', page: 2, bundlePage: 14, text: 'MRI of the cervical spine.' }),
      ],
      'Neck injury',
    );
    const [heading, first, second, ...rest] = digest.split('\n\n');
    assert.equal(
      heading,
      "No language model is configured: this section is an evidence digest, not a draft. These passages of the patient's records best match the prompt.",
    );
    assert.equal(
      first,
      '[1] gp-letter.pdf, page 1: "The claimant attended the GP on 3 April 2023 with neck pain after the collision."',
    );
    assert.equal(second, '[2] mri.pdf, page 2 (bundle page 14): "MRI of the cervical spine."');
    assert.deepEqual(rest, []);
  });

  it('says when nothing matched the prompt', () => {
    assert.equal(
      composeEvidenceDigest([], 'Neck injury'),
      "No language model is configured: this section is an evidence digest, not a draft. Nothing in the patient's records matched this prompt.",
    );
  });
});

describe('the section prompt', () => {
  it('numbers the sources as the record questions do, last in the message, after the section asked for', () => {
    const messages = buildDraftSectionPrompt({
      title: 'Past medical history',
      text: 'Summarise the past medical history.',
      passages: [
        passage({}),
        passage({ filename: 'mri.pdf', page: 2, bundlePage: 14, text: 'MRI of the spine.' }),
      ],
      styleExample: null,
      dateOfEvent: '2023-04-03',
    });
    assert.deepEqual(
      messages.map((message) => message.role),
      ['system', 'user'],
    );
    const [system, user] = messages;
    assert.match(system!.content, /CPR Part 35/);
    assert.match(system!.content, /\[Expert to confirm: /);
    assert.match(system!.content, /The Date of Event .* is 3 April 2023\./);
    assert.doesNotMatch(system!.content, /STYLE EXAMPLE/);
    assert.match(
      user!.content,
      /^Section to draft: Past medical history\n\nWhat the section must cover: Summarise/,
    );
    assert.deepEqual(
      readPromptSources(user!.content).map((each) => [each.number, each.filename, each.page, each.text]),
      [
        [1, 'gp-letter.pdf', 1, passage({}).text],
        [2, 'mri.pdf', 2, 'MRI of the spine.'],
      ],
    );
  });

  it("gives the expert's style document as a labelled example, cut to its budget", () => {
    const style = 'I examined the claimant in my rooms. '.repeat(400);
    const [system] = buildDraftSectionPrompt({
      title: 'Examination',
      text: 'Describe the examination.',
      passages: [passage({})],
      styleExample: style,
      dateOfEvent: null,
    });
    const example = /<<<STYLE EXAMPLE\n([\s\S]*)\nSTYLE EXAMPLE>>>/.exec(system!.content)?.[1];
    assert.ok(example, system!.content);
    assert.ok(example.length <= STYLE_EXAMPLE_CHARACTER_BUDGET + 1, String(example.length));
    assert.ok(example.endsWith('…'));
    assert.match(
      system!.content,
      /example of the expert’s writing style: imitate its tone and layout, not its content/,
    );
    assert.doesNotMatch(system!.content, /Date of Event/);
  });
});

describe('the AI-use record', () => {
  const drafted = section({ title: 'History', sources: [source(1, 'gp', 1, 10), source(2, 'mri', 2, 20)] });
  const digest = section({
    title: 'Care',
    origin: 'evidence-digest',
    bedrock_comprehensive: false,
    bedrock_model_used: null,
    sources: [source(1, 'gp', 3, 30)],
  });
  const facts = {
    provider: 'llm.example:8000',
    generatedAt: new Date('2026-01-02T03:04:05Z'),
    styleDocument: 'my-style.docx',
    reportTemplate: 'Firm letterhead',
    structuredTemplate: null,
  };

  it('names the model that drafted, which sections it drafted and from which documents', () => {
    assert.deepEqual(describeAiUse([drafted, digest], facts), {
      model_info: {
        mode: 'language-model',
        model: 'model-a',
        provider: 'llm.example:8000',
        label: 'model-a (llm.example:8000)',
      },
      drafted_sections: ['History'],
      digest_sections: ['Care'],
      generated_at: '2026-01-02T03:04:05.000Z',
      documents: ['gp.pdf', 'mri.pdf'],
      style_document: 'my-style.docx',
      report_template: 'Firm letterhead',
      structured_template: null,
    });
  });

  it('names no model and no style document when none drafted', () => {
    const record = describeAiUse([digest], { ...facts, provider: null });
    assert.deepEqual(record.model_info, NO_MODEL_INFO);
    assert.deepEqual(record.drafted_sections, []);
    assert.equal(record.style_document, null);
  });
});
