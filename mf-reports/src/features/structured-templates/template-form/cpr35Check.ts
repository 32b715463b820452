// Which contents Practice Direction 35 requires of an expert's report (paragraph 3.2 (1)–(9) and the statement of
// truth of 3.3) a structured template provides for: a section whose title or description names the content, or,
// for the statement of duty and the statement of truth, the endpage's declaration. Keyword matching is a guide
// for the author, not a legal opinion; each rule errs towards the wording experts commonly use in headings.
import type { TemplateSection } from '@ewrt/contract';
import { DEFAULT_EXPERT_DECLARATION, PD35_STATEMENT_OF_TRUTH } from '@ewrt/contract/limits';
import type { NewSection } from './sectionOperations';

export type Cpr35RequirementKey =
  | 'qualifications'
  | 'literature'
  | 'instructions'
  | 'ownKnowledge'
  | 'examinations'
  | 'rangeOfOpinion'
  | 'conclusions'
  | 'opinionQualifications'
  | 'duty'
  | 'statementOfTruth';

/** How a missing requirement is put right in one step. */
export type Cpr35Remedy =
  | { kind: 'add-section'; section: NewSection }
  | { kind: 'restore-declaration' }
  | { kind: 'add-statement-of-truth' };

export interface Cpr35Result {
  key: Cpr35RequirementKey;
  label: string;
  /** Where the Practice Direction requires it: '3.2(1)' … '3.2(9)', '3.3'. */
  paragraph: string;
  /** The title of the first section that covers it, 'Endpage', or null when nothing does. */
  coveredBy: string | null;
  remedy: Cpr35Remedy;
}

/** What the check reads: the sections in order and the endpage's declaration. */
export interface Cpr35Input {
  sections: readonly Pick<TemplateSection, 'section_title' | 'section_description' | 'content_type'>[];
  declarationText: string;
}

export const ENDPAGE_COVERAGE = 'Endpage';

/** Lower case, typographic quotes and dashes made plain, runs of white space made one space. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’‛′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

// "Qualification" also names a reservation on an opinion (3.2(8)) and the standing of whoever ran a test
// (3.2(5)); those phrases are taken out before looking for the expert's own qualifications.
const OPINION_QUALIFICATION =
  /\b(qualifications? (of|to|on|in) (the |my |this |these |an? |any )?(expert )?opinions?|without (any )?qualification|qualified opinions?)\b/g;
const OTHER_PERSON_QUALIFICATION =
  /\bqualifications? of (that|the|each|any|those|other) (person|people|individual|operator|clinician)s?\b/g;

interface SectionRequirement {
  key: Cpr35RequirementKey;
  label: string;
  paragraph: string;
  matches: (text: string, section: Cpr35Input['sections'][number]) => boolean;
  suggestion: NewSection;
}

const anyOf =
  (...patterns: RegExp[]) =>
  (text: string) =>
    patterns.some((pattern) => pattern.test(text));

const SECTION_REQUIREMENTS: readonly SectionRequirement[] = [
  {
    key: 'qualifications',
    label: "The expert's qualifications",
    paragraph: '3.2(1)',
    matches: (text) =>
      anyOf(
        /\bqualifications?\b/,
        /\bexpertise\b/,
        /\bcurriculum vitae\b/,
        /\bcv\b/,
        /\bcredentials\b/,
      )(text.replace(OPINION_QUALIFICATION, ' ').replace(OTHER_PERSON_QUALIFICATION, ' ')),
    suggestion: {
      title: "EXPERT'S QUALIFICATIONS AND EXPERIENCE",
      description:
        'My professional qualifications, current and past posts, and the experience and expertise that bear on ' +
        'the issues in this report.',
      content_type: 'structured_list',
    },
  },
  {
    key: 'literature',
    label: 'Literature and other material relied on',
    paragraph: '3.2(2)',
    matches: anyOf(
      /\bliterature\b/,
      /\bbibliography\b/,
      /\breferences\b/,
      /\bmaterials? relied (up)?on\b/,
      /\b(documents|records|material) (reviewed|considered|examined|relied (up)?on)\b/,
    ),
    suggestion: {
      title: 'LITERATURE AND MATERIAL RELIED ON',
      description:
        'The medical records, documents and published literature I have relied on in making this report, each ' +
        'identified so that it can be found.',
      content_type: 'structured_list',
    },
  },
  {
    key: 'instructions',
    label: 'The substance of the instructions and material facts',
    paragraph: '3.2(3)',
    matches: anyOf(/\binstructions?\b/, /\bmaterial facts\b/, /\bletter of instruction\b/),
    suggestion: {
      title: 'INSTRUCTIONS AND MATERIAL FACTS',
      description:
        'Who instructed me and the substance of all facts and instructions, written or oral, that are material ' +
        'to the opinions expressed or on which they are based.',
      content_type: 'narrative',
    },
  },
  {
    key: 'ownKnowledge',
    label: "Which facts are within the expert's own knowledge",
    paragraph: '3.2(4)',
    matches: anyOf(/\b(own|personal|direct) knowledge\b/, /\bwithin my knowledge\b/),
    suggestion: {
      title: 'SOURCES OF INFORMATION',
      description:
        'Where each fact in this report comes from, making clear which facts are within my own knowledge and ' +
        "which are taken from the records, the claimant's account or other people.",
      content_type: 'narrative',
    },
  },
  {
    key: 'examinations',
    label: 'Who carried out examinations, measurements, tests or experiments',
    paragraph: '3.2(5)',
    matches: (text, section) =>
      section.content_type === 'examination' ||
      anyOf(/\bexaminations?\b/, /\bexamined\b/, /\bmeasurements?\b/, /\btests?\b/, /\bexperiments?\b/)(text),
    suggestion: {
      title: 'EXAMINATIONS AND TESTS',
      description:
        'Who carried out each examination, measurement, test or experiment used for this report, what they are ' +
        'qualified to do, whether it was carried out under my supervision, and the findings.',
      content_type: 'examination',
    },
  },
  {
    key: 'rangeOfOpinion',
    label: "The range of opinion and reasons for the expert's own",
    paragraph: '3.2(6)',
    matches: anyOf(
      /\brange of (medical |expert |professional )?opinions?\b/,
      /\b(differing|different|alternative|competing) (views|opinions)\b/,
      /\bbody of (medical |professional )?opinion\b/,
    ),
    suggestion: {
      title: 'RANGE OF OPINION',
      description:
        'Where there is a range of opinion on the matters dealt with in this report, an account of that range ' +
        'and the reasons for my own opinion.',
      content_type: 'opinion',
    },
  },
  {
    key: 'conclusions',
    label: 'A summary of the conclusions reached',
    paragraph: '3.2(7)',
    matches: anyOf(/\bconclusions?\b/),
    suggestion: {
      title: 'SUMMARY OF CONCLUSIONS',
      description: 'A short summary of the conclusions I have reached on each issue I was asked to address.',
      content_type: 'opinion',
    },
  },
  {
    key: 'opinionQualifications',
    label: 'Any qualification of the opinion',
    paragraph: '3.2(8)',
    matches: (text) =>
      new RegExp(OPINION_QUALIFICATION.source).test(text) ||
      anyOf(/\blimitations?\b/, /\bcaveats?\b/, /\breservations?\b/)(text),
    suggestion: {
      title: 'LIMITATIONS AND QUALIFICATIONS OF OPINION',
      description:
        'Where I cannot give an opinion without qualification, the limits of that opinion and the reasons for ' +
        'them, including any information I would need to give a firmer view.',
      content_type: 'opinion',
    },
  },
];

/** The duty part of the default declaration (everything before its statement of truth). */
export const DUTY_DECLARATION = DEFAULT_EXPERT_DECLARATION.slice(
  0,
  DEFAULT_EXPERT_DECLARATION.indexOf('STATEMENT OF TRUTH'),
).trim();
export const STATEMENT_OF_TRUTH_BLOCK = `STATEMENT OF TRUTH\n\n${PD35_STATEMENT_OF_TRUTH}`;

/** 3.2(9): that the expert understands their duty to the court and knows Part 35's requirements. */
export function declarationStatesDuty(declarationText: string): boolean {
  const text = normaliseText(declarationText);
  return /\bdut(y|ies)\b[^.]*\bcourt\b/.test(text) && /\bpart 35\b/.test(text);
}

/** 3.3: the statement of truth in its prescribed wording (case, quotes and line breaks aside). */
export function declarationHasStatementOfTruth(declarationText: string): boolean {
  return normaliseText(declarationText).includes(normaliseText(PD35_STATEMENT_OF_TRUTH));
}

export const CPR35_REQUIREMENT_COUNT = SECTION_REQUIREMENTS.length + 2;

/** Every requirement in the Practice Direction's order, with what covers it (or null) and its remedy. */
export function checkCpr35(input: Cpr35Input): Cpr35Result[] {
  const texts = input.sections.map((section) => ({
    section,
    text: normaliseText(`${section.section_title} ${section.section_description}`),
  }));
  const sectionResults: Cpr35Result[] = SECTION_REQUIREMENTS.map((requirement) => ({
    key: requirement.key,
    label: requirement.label,
    paragraph: requirement.paragraph,
    coveredBy:
      texts.find(({ section, text }) => requirement.matches(text, section))?.section.section_title.trim() ||
      null,
    remedy: { kind: 'add-section', section: requirement.suggestion },
  }));
  return [
    ...sectionResults,
    {
      key: 'duty',
      label: 'A statement that the expert understands and has complied with their duty to the court',
      paragraph: '3.2(9)',
      coveredBy: declarationStatesDuty(input.declarationText) ? ENDPAGE_COVERAGE : null,
      remedy: { kind: 'restore-declaration' },
    },
    {
      key: 'statementOfTruth',
      label: 'The statement of truth in its prescribed wording',
      paragraph: '3.3',
      coveredBy: declarationHasStatementOfTruth(input.declarationText) ? ENDPAGE_COVERAGE : null,
      remedy: { kind: 'add-statement-of-truth' },
    },
  ];
}

const joinBlocks = (...blocks: string[]) => blocks.filter((block) => block.trim() !== '').join('\n\n');

/**
 * Puts the default declaration of duty back: before the statement of truth when the declaration has its heading
 * (a declaration ends with its statement of truth), otherwise at the end.
 */
export function restoreDutyDeclaration(declarationText: string): string {
  const heading = /statement of truth/i.exec(declarationText);
  if (!heading) return joinBlocks(declarationText.trimEnd(), DUTY_DECLARATION);
  return joinBlocks(
    declarationText.slice(0, heading.index).trimEnd(),
    DUTY_DECLARATION,
    declarationText.slice(heading.index),
  );
}

/** Appends the statement of truth of PD 35 paragraph 3.3 under its heading. */
export function appendStatementOfTruth(declarationText: string): string {
  return joinBlocks(declarationText.trimEnd(), STATEMENT_OF_TRUTH_BLOCK);
}
