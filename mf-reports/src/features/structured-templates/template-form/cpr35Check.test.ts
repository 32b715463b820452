import type { TemplateSection } from '@ewrt/contract';
import { DEFAULT_EXPERT_DECLARATION, PD35_STATEMENT_OF_TRUTH } from '@ewrt/contract/limits';
import {
  appendStatementOfTruth,
  checkCpr35,
  CPR35_REQUIREMENT_COUNT,
  declarationHasStatementOfTruth,
  declarationStatesDuty,
  DUTY_DECLARATION,
  ENDPAGE_COVERAGE,
  restoreDutyDeclaration,
  type Cpr35RequirementKey,
  type Cpr35Result,
} from './cpr35Check';
import { addSection, initialSections } from './sectionOperations';

const missing = (results: readonly Cpr35Result[]) =>
  results.filter((result) => result.coveredBy === null).map((result) => result.key);
const resultFor = (results: readonly Cpr35Result[], key: Cpr35RequirementKey) =>
  results.find((result) => result.key === key)!;

function titled(
  title: string,
  description = '',
  content_type: TemplateSection['content_type'] = 'narrative',
) {
  return { section_title: title, section_description: description, content_type };
}

const SECTION_KEYS: Cpr35RequirementKey[] = [
  'qualifications',
  'literature',
  'instructions',
  'ownKnowledge',
  'examinations',
  'rangeOfOpinion',
  'conclusions',
  'opinionQualifications',
];

describe('checkCpr35', () => {
  it('lists the ten requirements of PD 35 paragraphs 3.2(1)–(9) and 3.3 in order', () => {
    const results = checkCpr35({ sections: [], declarationText: '' });
    expect(results.map((result) => result.paragraph)).toEqual([
      '3.2(1)',
      '3.2(2)',
      '3.2(3)',
      '3.2(4)',
      '3.2(5)',
      '3.2(6)',
      '3.2(7)',
      '3.2(8)',
      '3.2(9)',
      '3.3',
    ]);
    expect(CPR35_REQUIREMENT_COUNT).toBe(10);
  });

  it('reports a new template as covering only the declaration of duty and the statement of truth', () => {
    const results = checkCpr35({ sections: initialSections(), declarationText: DEFAULT_EXPERT_DECLARATION });
    expect(missing(results)).toEqual(SECTION_KEYS);
    expect(resultFor(results, 'duty').coveredBy).toBe(ENDPAGE_COVERAGE);
    expect(resultFor(results, 'statementOfTruth').coveredBy).toBe(ENDPAGE_COVERAGE);
  });

  it.each(SECTION_KEYS)('covers %s once its suggested section is added, and nothing else with it', (key) => {
    const before = checkCpr35({ sections: initialSections(), declarationText: DEFAULT_EXPERT_DECLARATION });
    const remedy = resultFor(before, key).remedy;
    if (remedy.kind !== 'add-section') throw new Error(`${key} should offer a section`);
    const sections = addSection(initialSections(), remedy.section);
    const after = checkCpr35({ sections, declarationText: DEFAULT_EXPERT_DECLARATION });
    expect(resultFor(after, key).coveredBy).toBe(sections[1]!.section_title);
    expect(sections[1]!.section_title).toMatch(/^2\. /);
    expect(missing(after)).toEqual(SECTION_KEYS.filter((other) => other !== key));
  });

  it('covers every requirement once every suggested section is added', () => {
    let sections = initialSections();
    for (const result of checkCpr35({ sections, declarationText: DEFAULT_EXPERT_DECLARATION })) {
      if (result.remedy.kind === 'add-section') sections = addSection(sections, result.remedy.section);
    }
    expect(missing(checkCpr35({ sections, declarationText: DEFAULT_EXPERT_DECLARATION }))).toEqual([]);
  });

  it('recognises the headings experts commonly use', () => {
    const results = checkCpr35({
      sections: [
        titled('1. MY EXPERTISE', 'Curriculum vitae'),
        titled('2. DOCUMENTS REVIEWED'),
        titled('3. INSTRUCTIONS'),
        titled('4. SOURCES', 'Facts within my own knowledge are marked.'),
        titled('5. ON EXAMINATION', '', 'examination'),
        titled('6. OPINION', 'The range of medical opinion on causation.'),
        titled('7. CONCLUSIONS'),
        titled('8. CAVEATS'),
      ],
      declarationText: '',
    });
    expect(missing(results)).toEqual(['duty', 'statementOfTruth']);
    expect(resultFor(results, 'qualifications').coveredBy).toBe('1. MY EXPERTISE');
  });

  it('does not take a qualification of the opinion, or of whoever ran a test, for the expert’s qualifications', () => {
    const results = checkCpr35({
      sections: [
        titled('1. LIMITATIONS', 'Any qualification of my opinion.'),
        titled('2. TESTS', 'Who carried them out and the qualifications of that person.'),
      ],
      declarationText: '',
    });
    expect(resultFor(results, 'qualifications').coveredBy).toBeNull();
    expect(resultFor(results, 'opinionQualifications').coveredBy).toBe('1. LIMITATIONS');
    expect(resultFor(results, 'examinations').coveredBy).toBe('2. TESTS');
  });

  it('names the first section that covers a requirement', () => {
    const results = checkCpr35({
      sections: [titled('1. CONCLUSIONS'), titled('2. SUMMARY OF CONCLUSIONS')],
      declarationText: '',
    });
    expect(resultFor(results, 'conclusions').coveredBy).toBe('1. CONCLUSIONS');
  });
});

describe('the endpage', () => {
  it('accepts the default declaration for both the duty and the statement of truth', () => {
    expect(declarationStatesDuty(DEFAULT_EXPERT_DECLARATION)).toBe(true);
    expect(declarationHasStatementOfTruth(DEFAULT_EXPERT_DECLARATION)).toBe(true);
  });

  it('flags a declaration without the statement of truth, or with its wording changed', () => {
    expect(declarationHasStatementOfTruth(DUTY_DECLARATION)).toBe(false);
    const paraphrased = DEFAULT_EXPERT_DECLARATION.replace(
      'complete professional opinions',
      'professional opinions',
    );
    expect(declarationHasStatementOfTruth(paraphrased)).toBe(false);
    const results = checkCpr35({ sections: [], declarationText: DUTY_DECLARATION });
    expect(resultFor(results, 'statementOfTruth')).toMatchObject({
      coveredBy: null,
      remedy: { kind: 'add-statement-of-truth' },
    });
    expect(resultFor(results, 'duty').coveredBy).toBe(ENDPAGE_COVERAGE);
  });

  it('reads the statement of truth whatever its line breaks, case and quote marks', () => {
    const retyped = PD35_STATEMENT_OF_TRUTH.toUpperCase().replace(/ /g, '\n  ').replace(/'/g, '’');
    expect(declarationHasStatementOfTruth(`Statement of truth: ${retyped}`)).toBe(true);
  });

  it('flags a declaration that does not state the duty to the court under Part 35', () => {
    expect(declarationStatesDuty(PD35_STATEMENT_OF_TRUTH)).toBe(false);
    expect(declarationStatesDuty('I understand my duty to the court.')).toBe(false);
    expect(declarationStatesDuty('I understand my duty to the court under Part 35 of the CPR.')).toBe(true);
  });

  it('adds the statement of truth at the end, and then it is covered', () => {
    const fixed = appendStatementOfTruth('I understand my duty to the court under Part 35.');
    expect(
      fixed.startsWith('I understand my duty to the court under Part 35.\n\nSTATEMENT OF TRUTH\n\n'),
    ).toBe(true);
    expect(declarationHasStatementOfTruth(fixed)).toBe(true);
    expect(appendStatementOfTruth('')).toBe(`STATEMENT OF TRUTH\n\n${PD35_STATEMENT_OF_TRUTH}`);
  });

  it('restores the declaration of duty before an existing statement of truth', () => {
    const truthOnly = `STATEMENT OF TRUTH\n\n${PD35_STATEMENT_OF_TRUTH}`;
    const restored = restoreDutyDeclaration(truthOnly);
    expect(restored).toBe(DEFAULT_EXPERT_DECLARATION);
    expect(declarationStatesDuty(restored)).toBe(true);
    expect(restoreDutyDeclaration('Signed in Leeds.')).toBe(`Signed in Leeds.\n\n${DUTY_DECLARATION}`);
  });
});
