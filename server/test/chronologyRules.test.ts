// The pure rules of the medical chronology: reading UK dates (every form, and the dates that are not events),
// finding the dated statements of a page, merging copies of one statement, kinds, clinicians, filters and the
// relation to the Date of Event.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyEventKind } from '../src/features/chronology/classifyEventKind.js';
import { describeEventsWithModel } from '../src/features/chronology/describeEvents.js';
import { extractDatedMentions, type IndexedPage } from '../src/features/chronology/extractDatedMentions.js';
import { filterChronologyEvents, relationTo } from '../src/features/chronology/filterChronologyEvents.js';
import { findClinician } from '../src/features/chronology/findClinician.js';
import { mergeDuplicateMentions } from '../src/features/chronology/mergeDuplicateMentions.js';
import { chronologyFileName, eventDateLabel } from '../src/features/chronology/chronologyNames.js';
import { dateLabelBefore } from '../src/platform/dates/dateLabelBefore.js';
import { lastDayOf, readUkDates } from '../src/platform/dates/readUkDates.js';
import type { AiProvider } from '../src/platform/ai/AiProvider.js';

const REFERENCE_YEAR = 2026;
const read = (text: string, bareYears = false) =>
  readUkDates(text, { referenceYear: REFERENCE_YEAR, bareYears }).map(
    ({ iso, precision, text: written }) => ({
      iso,
      precision,
      written,
    }),
  );

const page = (text: string, pageNumber = 1, documentId = 1): IndexedPage => ({
  documentId,
  page: pageNumber,
  text,
  passages: [{ chunkId: 100 + pageNumber, start: 0, end: text.length, source: 'text', ocrConfidence: null }],
});

describe('readUkDates', () => {
  it('reads every UK way of writing a day, numeric dates day first', () => {
    for (const written of [
      '03/04/2023',
      '3/4/23',
      '3/4/2023',
      '03.04.2023',
      '03-04-2023',
      '2023-04-03',
      '3rd April 2023',
      '3 Apr 23',
      '3 Apr. 2023',
      '3rd of April, 2023',
      'April 3, 2023',
    ]) {
      assert.deepEqual(
        read(`Seen on ${written} in clinic.`),
        [{ iso: '2023-04-03', precision: 'day', written }],
        written,
      );
    }
  });

  it('reads a month alone with month precision, and a bare year only when asked and made a time', () => {
    assert.deepEqual(read('Reviewed in April 2023 by the GP.'), [
      { iso: '2023-04-01', precision: 'month', written: 'April 2023' },
    ]);
    assert.deepEqual(read('In 2019 he underwent a right knee arthroscopy.'), []);
    assert.deepEqual(read('In 2019 he underwent a right knee arthroscopy.', true), [
      { iso: '2019-01-01', precision: 'year', written: '2019' },
    ]);
    // A year as a number, a range or a future year is no time.
    assert.deepEqual(read('Reference 2019 was filed; during 2019/20 and in 2031 nothing.', true), []);
  });

  it('reads two-digit years in this century unless that is in the future', () => {
    assert.deepEqual(
      read('Seen 04/05/19 and 04/05/98').map((date) => date.iso),
      ['2019-05-04', '1998-05-04'],
    );
  });

  it('finds no date in numbers, blood pressures, versions or impossible dates', () => {
    assert.deepEqual(read('BP 140/90, version 1.2, L4/5, 10:30, 31/02/2023, dose 2.5 mg, 12/13/2023'), []);
  });

  it('gives the last day of a month or year for ranges', () => {
    assert.equal(lastDayOf('2024-02-01', 'month'), '2024-02-29');
    assert.equal(lastDayOf('2019-01-01', 'year'), '2019-12-31');
    assert.equal(lastDayOf('2023-04-03', 'day'), '2023-04-03');
  });
});

describe('dateLabelBefore', () => {
  it('names dates of birth and dictated, typed, transcribed and printed dates', () => {
    const labelOf = (text: string) => dateLabelBefore(text, text.lastIndexOf('01/02'));
    assert.equal(labelOf('DOB: 01/02/1970'), 'birth');
    assert.equal(labelOf('D.O.B. 01/02/1970'), 'birth');
    assert.equal(labelOf('Date of birth 01/02/1970'), 'birth');
    assert.equal(labelOf('born on 01/02/1970'), 'birth');
    assert.equal(labelOf('Dictated: 01/02/2023'), 'dictated');
    assert.equal(labelOf('Typed 01/02/2023'), 'typed');
    assert.equal(labelOf('Transcribed on 01/02/2023'), 'transcribed');
    assert.equal(labelOf('Date printed: 01/02/2023'), 'printed');
    assert.equal(labelOf('Printed on 01/02/2023'), 'printed');
    assert.equal(labelOf('Seen in clinic on 01/02/2023'), null);
    assert.equal(labelOf('DOB: 03/03/1970\nSeen 01/02/2023'), null);
  });
});

describe('extractDatedMentions', () => {
  it('keeps each clinical date with its sentence, page and passage', () => {
    const text =
      'Orthopaedic clinic letter\nDOB: 14/02/1980\nMRI of the right knee on 03/04/2023 showed a tear of the medial ' +
      'meniscus. He was reviewed by Mr Hughes on 3rd May 2023. Printed on 30/06/2024 10:32';
    const mentions = extractDatedMentions([page(text, 4)], REFERENCE_YEAR);
    assert.deepEqual(
      mentions.map(({ iso, precision, dateText, passage, page: at, chunkId }) => ({
        iso,
        precision,
        dateText,
        passage,
        at,
        chunkId,
      })),
      [
        {
          iso: '2023-04-03',
          precision: 'day',
          dateText: '03/04/2023',
          passage: 'MRI of the right knee on 03/04/2023 showed a tear of the medial meniscus.',
          at: 4,
          chunkId: 104,
        },
        {
          iso: '2023-05-03',
          precision: 'day',
          dateText: '3rd May 2023',
          passage: 'He was reviewed by Mr Hughes on 3rd May 2023.',
          at: 4,
          chunkId: 104,
        },
      ],
    );
  });

  it('passes over dictated and typed dates, references and page footers', () => {
    const text =
      'Our ref: JH/12/03/2021\nDictated: 05/06/2023 Typed: 06/06/2023\nPage 2 of 3 printed 07/06/2023\n' +
      'Physiotherapy started on 01/06/2023.';
    const mentions = extractDatedMentions([page(text)], REFERENCE_YEAR);
    assert.deepEqual(
      mentions.map((mention) => mention.iso),
      ['2023-06-01'],
    );
  });

  it('keeps a bare year only when its sentence is clinical', () => {
    const text = 'In 2019 he underwent a left knee arthroscopy. In 2015 he moved house.';
    assert.deepEqual(
      extractDatedMentions([page(text)], REFERENCE_YEAR).map((mention) => [mention.iso, mention.precision]),
      [['2019-01-01', 'year']],
    );
  });

  it('dates a letter by its date line when the page states nothing else on that day', () => {
    const text =
      'Date: 12/03/2021\n\nDear Dr Patel,\nI saw your patient in the fracture clinic today with wrist pain.';
    const [mention] = extractDatedMentions([page(text)], REFERENCE_YEAR);
    assert.equal(mention?.iso, '2021-03-12');
    // The event text is the clinical sentence, past the salutation.
    assert.match(mention!.passage, /^12\/03\/2021: I saw your patient in the fracture clinic/);
    const stated = 'Date: 12/03/2021\nI saw him in clinic on 12/03/2021 with wrist pain.';
    assert.deepEqual(
      extractDatedMentions([page(stated)], REFERENCE_YEAR).map((found) => found.passage),
      ['I saw him in clinic on 12/03/2021 with wrist pain.'],
    );
  });

  it('names the indexed passage and its OCR source for the citation', () => {
    const text = 'Scanned note. Seen in A&E on 02/01/2022 after the fall.';
    const [mention] = extractDatedMentions(
      [
        {
          documentId: 7,
          page: 3,
          text,
          passages: [
            { chunkId: 1, start: 0, end: 14, source: 'ocr', ocrConfidence: 91 },
            { chunkId: 2, start: 14, end: text.length, source: 'ocr', ocrConfidence: 88 },
          ],
        },
      ],
      REFERENCE_YEAR,
    );
    assert.deepEqual(
      { chunkId: mention?.chunkId, source: mention?.source, confidence: mention?.ocrConfidence },
      { chunkId: 2, source: 'ocr', confidence: 88 },
    );
  });
});

describe('mergeDuplicateMentions', () => {
  it('merges copies of one statement into one event with every place, in reading order', () => {
    const letter = 'Seen in clinic on 03/04/2023 with right knee pain after the fall.';
    const mentions = extractDatedMentions(
      [
        page(letter, 2, 10),
        page('Unrelated: X-ray on 03/04/2023 of the left wrist.', 5, 10),
        page(`${letter.replace('pain', 'pain,')}\n`, 1, 11),
        page(letter, 2, 10),
      ],
      REFERENCE_YEAR,
    );
    const events = mergeDuplicateMentions(mentions);
    assert.equal(events.length, 2);
    assert.deepEqual(
      events[0]!.places.map((place) => [place.documentId, place.page]),
      [
        [10, 2],
        [11, 1],
      ],
    );
    assert.deepEqual(
      events[1]!.places.map((place) => [place.documentId, place.page]),
      [[10, 5]],
    );
  });

  it('keeps different statements of one day, and one statement on different days, apart', () => {
    const events = mergeDuplicateMentions(
      extractDatedMentions(
        [
          page('Seen in clinic on 03/04/2023 with knee pain.'),
          page('Seen in clinic on 04/04/2023 with knee pain.', 2),
        ],
        REFERENCE_YEAR,
      ),
    );
    assert.equal(events.length, 2);
  });
});

describe('kinds and clinicians by rules', () => {
  it('gives each kind from its keywords', () => {
    const cases: [string, string][] = [
      ['MRI of the lumbar spine showed a disc prolapse.', 'imaging'],
      ['X-ray of the wrist was normal.', 'imaging'],
      ['He underwent a right knee arthroscopy.', 'operation'],
      ['Total hip arthroplasty was performed.', 'operation'],
      ['She was admitted to the orthopaedic ward.', 'admission'],
      ['He was discharged home.', 'discharge'],
      ['Started on naproxen 500 mg twice daily.', 'prescription'],
      ['She attended six sessions of physiotherapy.', 'therapy'],
      ['He was referred for CBT.', 'referral'],
      ['Reviewed on 3rd April 2023: pain persisting, referred for physiotherapy.', 'consultation'],
      ['Listed for a right knee arthroscopy.', 'operation'],
      ['Awaiting an MRI of the lumbar spine; seen in clinic.', 'consultation'],
      ['Blood test results were normal.', 'test result'],
      ['ECG showed sinus rhythm.', 'test result'],
      ['Seen by the GP with neck pain.', 'consultation'],
      ['Reviewed in the fracture clinic.', 'consultation'],
      ['A letter was sent to the solicitor.', 'correspondence'],
      ['He moved house.', 'other'],
    ];
    for (const [passage, kind] of cases) assert.equal(classifyEventKind(passage), kind, passage);
  });

  it('finds the clinician by title or post, never the patient', () => {
    assert.equal(findClinician('He was reviewed by Mr Hughes on 3rd May 2023.'), 'Mr Hughes');
    assert.equal(findClinician('Seen by Dr A. Patel in clinic.'), 'Dr A. Patel');
    assert.equal(
      findClinician('Letter from Professor Amina Okafor Consultant Surgeon.'),
      'Professor Amina Okafor',
    );
    assert.equal(findClinician('Mr Smith attended with Dr Reid.', 'Smith'), 'Dr Reid');
    assert.equal(
      findClinician('Seen by the Consultant Orthopaedic Surgeon.'),
      'Consultant Orthopaedic Surgeon',
    );
    assert.equal(findClinician('Seen in clinic.'), null);
  });
});

describe('filters and the Date of Event', () => {
  const event = (date: string, precision: 'day' | 'month' | 'year', kind = 'imaging' as const) => ({
    date,
    precision,
    kind,
    passage: `MRI on ${date}`,
    summary: null,
    clinician: 'Dr Patel',
    places: [{ filename: 'mri-report.pdf' }],
  });

  it('places an event before, on or after the Date of Event; a month containing it is on it', () => {
    assert.equal(relationTo('2021-03-12', event('2021-03-11', 'day')), 'before');
    assert.equal(relationTo('2021-03-12', event('2021-03-12', 'day')), 'on');
    assert.equal(relationTo('2021-03-12', event('2021-03-01', 'month')), 'on');
    assert.equal(relationTo('2021-03-12', event('2021-01-01', 'year')), 'on');
    assert.equal(relationTo('2021-03-12', event('2021-02-01', 'month')), 'before');
    assert.equal(relationTo('2021-03-12', event('2021-04-01', 'month')), 'after');
  });

  it('filters by date range (inclusive, by the event\u2019s range), kinds and text', () => {
    const events = [
      event('2020-01-01', 'year'),
      event('2021-03-12', 'day'),
      event('2022-05-01', 'month', 'imaging'),
    ];
    const dates = (filter: Parameters<typeof filterChronologyEvents>[1]) =>
      filterChronologyEvents(events, filter).map((found) => found.date);
    assert.deepEqual(dates({ from: '2020-12-31', to: '2021-03-12' }), ['2020-01-01', '2021-03-12']);
    assert.deepEqual(dates({ from: '2022-05-31' }), ['2022-05-01']);
    assert.deepEqual(dates({ kind: 'operation,therapy' }), []);
    assert.deepEqual(dates({ kind: 'imaging' }).length, 3);
    assert.deepEqual(dates({ q: 'MRI-REPORT' }).length, 3);
    assert.deepEqual(dates({ q: 'dr patel' }).length, 3);
    assert.deepEqual(dates({ q: 'nothing like it' }), []);
  });

  it('labels dates as precisely as the record and names the export file', () => {
    assert.equal(eventDateLabel('2023-04-03', 'day'), '03/04/2023');
    assert.equal(eventDateLabel('2023-04-01', 'month'), 'April 2023');
    assert.equal(eventDateLabel('2019-01-01', 'year'), '2019');
    assert.equal(
      chronologyFileName('Zoë', "O'Brien", new Date(2026, 10, 24, 12)),
      'Zoe_O_Brien_chronology_2026-11-24.docx',
    );
  });
});

describe('describeEventsWithModel', () => {
  const modelAnswering = (text: string): AiProvider => ({
    model: 'configured',
    provider: 'models.test',
    complete: async () => ({ text, model: 'reported-model' }),
  });
  const events = [
    {
      dateText: '03/04/2023',
      passage: 'MRI of the right knee on 03/04/2023 showed a tear of the medial meniscus.',
    },
    { dateText: '3rd May 2023', passage: 'He was reviewed by Mr Hughes on 3rd May 2023.' },
  ];
  const options = { signal: new AbortController().signal, patientSurname: null };

  it('keeps a supported summary, flags an unsupported one, and checks kind and clinician', async () => {
    const answer = JSON.stringify([
      {
        id: 'E1',
        summary: 'MRI of the right knee showed a medial meniscus tear.',
        kind: 'imaging',
        clinician: 'Dr Nobody',
      },
      {
        id: 'E2',
        summary: 'Fracture of the left femur fixed on 01/01/2019.',
        kind: 'surgery',
        clinician: 'Mr Hughes',
      },
    ]);
    const { descriptions, model } = await describeEventsWithModel(
      modelAnswering(`\`\`\`json\n${answer}\n\`\`\``),
      events,
      options,
    );
    assert.equal(model, 'reported-model');
    assert.deepEqual(descriptions[0], {
      kind: 'imaging',
      summary: 'MRI of the right knee showed a medial meniscus tear.',
      summarySupported: true,
      clinician: null,
    });
    assert.deepEqual(descriptions[1], {
      kind: 'consultation',
      summary: 'Fracture of the left femur fixed on 01/01/2019.',
      summarySupported: false,
      clinician: 'Mr Hughes',
    });
  });

  it('throws on an answer that is not a JSON array, so the caller falls back to rules', async () => {
    await assert.rejects(
      describeEventsWithModel(modelAnswering('I cannot help with that.'), events, options),
      /did not answer with a JSON array/,
    );
  });
});
