// The chronology rules an expert relies on, each with the record text that used to go wrong: month-first documents,
// dates no reading makes real, "CC:" inside a line, a GP "Surgery", the author and not the addressee, a table's
// header row, planned care, missed appointments, two findings on one day and a text file of one note per line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  classifyEventKind,
  classifyEventKindAt,
  isTherapyServiceDocument,
  kindInDocument,
} from '../src/features/chronology/classifyEventKind.js';
import {
  extractDatedMentions,
  findUnreadPageDates,
  type IndexedPage,
} from '../src/features/chronology/extractDatedMentions.js';
import {
  clinicianOfLine,
  findAddressee,
  findDocumentAuthor,
} from '../src/features/chronology/findDocumentAuthor.js';
import { mergeDuplicateMentions } from '../src/features/chronology/mergeDuplicateMentions.js';
import { decideDateOrder } from '../src/platform/dates/decideDateOrder.js';
import { findUnreadDates, readUkDates } from '../src/platform/dates/readUkDates.js';

const REFERENCE_YEAR = 2026;
const page = (text: string, pageNumber = 1): IndexedPage => ({
  documentId: 1,
  page: pageNumber,
  text,
  passages: [{ chunkId: pageNumber, start: 0, end: text.length, source: 'text', ocrConfidence: null }],
});
const isosOf = (text: string, order: 'day-first' | 'month-first' | 'undecided') =>
  readUkDates(text, { referenceYear: REFERENCE_YEAR, order }).map((date) => date.iso);

describe('the date order of a document', () => {
  it('reads a document month first when a date can only be month first, or it comes from the US', () => {
    const note =
      'DATE OF CONSULTATION: 07/03/2007\nHPI: arthroscopy on 08/21/2007. Seen 06/25/07 for back pain.';
    assert.equal(decideDateOrder(note), 'month-first');
    assert.deepEqual(isosOf(note, 'month-first'), ['2007-07-03', '2007-08-21', '2007-06-25']);
    assert.equal(
      decideDateOrder('BAYSHORE MEDICAL CENTER, Tampa, FL 33611\nSeen 09/04/2007.'),
      'month-first',
    );
    assert.equal(decideDateOrder('Robert Keller, MD\nSeen 09/04/2007.'), 'month-first');
  });

  it('reads a UK document day first, by its dates or its origin', () => {
    assert.equal(decideDateOrder('DOB: 14/03/1968. Seen 07/03/2021.'), 'day-first');
    assert.equal(
      decideDateOrder('Northbridge NB1 2AA\nNHS number 485 777 3456\nSeen 07/03/2021.'),
      'day-first',
    );
    assert.deepEqual(isosOf('Seen 07/03/2021.', 'day-first'), ['2021-03-07']);
  });

  it('flags each date of an undecided document with both readings', () => {
    const text = 'Seen for left ankle sprain on 04/05/2006. Reviewed 13/05/2006? No: 05/06/2006.';
    assert.equal(decideDateOrder('Seen for left ankle sprain on 04/05/2006.'), 'undecided');
    const dates = readUkDates(text, { referenceYear: REFERENCE_YEAR, order: 'undecided' });
    assert.deepEqual(
      dates.map(({ iso, alternativeIso }) => [iso, alternativeIso ?? null]),
      [
        ['2006-05-04', '2006-04-05'],
        ['2006-05-13', null],
        ['2006-06-05', '2006-05-06'],
      ],
    );
  });

  it('reads the GP system form 15-Jun-2016', () => {
    assert.deepEqual(isosOf('15-Jun-2016 Surgery consultation', 'day-first'), ['2016-06-15']);
  });
});

describe('dates no reading makes real', () => {
  it('lists them as unread dates with their page, never drops them', () => {
    assert.deepEqual(
      findUnreadDates('Seen in podiatry on 31/09/2021 and on 03/11/2021.').map((date) => date.text),
      ['31/09/2021'],
    );
    // A month-first date in a document read day first is not dropped either.
    const unread = findUnreadPageDates(
      [page('Knee arthroscopy on 08/21/2007.', 3)],
      REFERENCE_YEAR,
      'day-first',
    );
    assert.deepEqual(unread, [
      { documentId: 1, page: 3, text: '08/21/2007', passage: 'Knee arthroscopy on 08/21/2007.' },
    ]);
    assert.deepEqual(
      findUnreadPageDates([page('DOB: 31/09/1968')], REFERENCE_YEAR),
      [],
      'a date of birth dates no event',
    );
  });
});

describe('lines that carry dates without stating an event', () => {
  it('treats "CC:" as a copy list only at the start of a line', () => {
    const note =
      '09/12/07 HOSPITAL FOLLOW-UP. CC: Follow-up DVT right calf, diagnosed 09/04/2007 after knee arthroscopy.';
    const mentions = extractDatedMentions([page(note)], REFERENCE_YEAR, 'month-first');
    assert.deepEqual(
      mentions.map((mention) => mention.iso),
      ['2007-09-12', '2007-09-04'],
    );
    const copyList = 'Yours sincerely\nCC: Mrs J Pritchard, seen 12/03/2021';
    assert.deepEqual(extractDatedMentions([page(copyList)], REFERENCE_YEAR), []);
  });

  it('passes over the "Re:" line and a table header row, keeping the table body', () => {
    const text = [
      'Re: Mrs Joanne Pritchard - road traffic collision of 12 March 2021',
      'Measure                      20/01/2023    18/05/2023',
      'Walking tolerance (minutes)  10            40',
      'She was discharged on 18/05/2023 to a home programme.',
    ].join('\n');
    assert.deepEqual(
      extractDatedMentions([page(text)], REFERENCE_YEAR).map((mention) => mention.dateText),
      ['18/05/2023'],
    );
  });

  it('makes one event of each note of a text file of one note per line', () => {
    const file = [
      '06/25/07 OFFICE VISIT. CC: Low back pain x 1 week. Robert Keller, MD',
      '07/10/07 FOLLOW-UP. CC: Right knee pain and locking. Robert Keller, MD',
      '12/05/07 FOLLOW-UP. CC: end of anticoagulation. Coumadin discontinued today. Robert Keller, MD',
    ].join('\n');
    const mentions = extractDatedMentions([page(file)], REFERENCE_YEAR, decideDateOrder(file));
    assert.deepEqual(
      mentions.map((mention) => [mention.iso, mention.passage.slice(0, 30)]),
      [
        ['2007-06-25', '06/25/07 OFFICE VISIT. CC: Low'],
        ['2007-07-10', '07/10/07 FOLLOW-UP. CC: Right '],
        ['2007-12-05', '12/05/07 FOLLOW-UP. CC: end of'],
      ],
    );
  });
});

describe('kinds by UK usage', () => {
  it('reads a GP "Surgery" as a practice, not an operation', () => {
    assert.equal(
      classifyEventKind('Dr H Wilson, Larchfield Surgery. I saw Mrs Pritchard in the fracture clinic today.'),
      'consultation',
    );
    assert.equal(
      classifyEventKind('22-Apr-2015 Surgery consultation - Dr Helen Wilson. New patient check.'),
      'consultation',
    );
    assert.equal(classifyEventKind('She had surgery on her knee.'), 'operation');
  });

  it('knows an emergency attendance, a missed appointment, a referral and a discharge', () => {
    assert.equal(
      classifyEventKind('Arrival: 12/03/2021 17:42 by ambulance. Triage category 2.'),
      'emergency attendance',
    );
    assert.equal(classifyEventKind('Seen in A&E after the collision.'), 'emergency attendance');
    assert.equal(
      classifyEventKind('Mrs Pritchard did not attend her new patient appointment on 08/03/2022.'),
      'missed appointment',
    );
    assert.equal(classifyEventKind('Referred to physiotherapy on 07/06/2021.'), 'referral');
    assert.equal(classifyEventKind('Session 10, final. Discharged to a home programme.'), 'discharge');
  });

  it('gives each date of a line its own kind', () => {
    const line = 'Date of admission: 12/03/2021   Date of discharge: 15/03/2021';
    const at = (date: string) =>
      classifyEventKindAt(line, line.indexOf(date), line.indexOf(date) + date.length);
    assert.equal(at('12/03/2021'), 'admission');
    assert.equal(at('15/03/2021'), 'discharge');
  });

  it('shows a future review as planned, not as a consultation that happened', () => {
    const [review] = extractDatedMentions(
      [page('I will review her in three months, on or around 13/06/2023.')],
      REFERENCE_YEAR,
    );
    assert.equal(review?.planned, true);
    assert.equal(review?.kind, 'consultation');
    const [seen] = extractDatedMentions([page('I reviewed her in clinic on 13/03/2023.')], REFERENCE_YEAR);
    assert.equal(seen?.planned, false);
  });
});

describe('the kind a UK reader gives each dated sentence', () => {
  const kindAt = (passage: string, date: string) =>
    classifyEventKindAt(passage, passage.indexOf(date), passage.indexOf(date) + date.length);
  const kindOfOnly = (text: string, title = '') => {
    const mentions = extractDatedMentions([page(text)], REFERENCE_YEAR);
    assert.equal(mentions.length, 1, `one event in ${JSON.stringify(text)}`);
    return kindInDocument(mentions[0]!.kind, isTherapyServiceDocument(`${title}\n${text}`));
  };

  it('dates a road traffic collision or a fracture by the emergency attendance that treated it', () => {
    const collision =
      'She sustained a comminuted fracture of the right calcaneus in a road traffic collision on 12/03/2021, treated without an operation by Mr Shah.';
    assert.equal(kindAt(collision, '12/03/2021'), 'emergency attendance');
    const reported =
      'Road traffic collision on 12/03/2021: seen in A&E, fractured right heel bone, admitted.';
    assert.equal(kindAt(reported, '12/03/2021'), 'emergency attendance');
    assert.equal(
      kindAt('Subjective: right calcaneal fracture on 12/03/2021 treated in a cast.', '12/03/2021'),
      'emergency attendance',
    );
    // A sprain is no fracture: it is not taken for an attendance.
    assert.equal(kindAt('Twisting injury on the tennis court on 06/30/2007.', '06/30/2007'), 'other');
  });

  it('reads an operation "not done" or "post-operative" care as no operation', () => {
    assert.equal(
      kindAt('14/10/2022 18:40 Post-operative review - Dr Lucy Grant. Back from theatre.', '14/10/2022'),
      'consultation',
    );
  });

  it('keeps a planned review a consultation when a test goes with it', () => {
    for (const [sentence, date] of [
      ['I will review her in six weeks, on or around 30/04/2021, with a repeat X-ray.', '30/04/2021'],
      [
        'Follow-up: wound check by the district nurse at day 5; fracture clinic with X-ray on 25/11/2022.',
        '25/11/2022',
      ],
      ['FOLLOW-UP: Dr. Keller on 09/12/2007 with INR.', '09/12/2007'],
      ['I will see her again with X-rays in three months, in February 2023.', 'February 2023'],
      ['Return 12/05/2007 to stop Coumadin.', '12/05/2007'],
    ]) {
      assert.equal(kindAt(sentence!, date!), 'consultation', sentence);
    }
    assert.equal(
      kindAt(
        'She is now able to return to work on a phased basis from Monday 6 September 2021.',
        'Monday 6 September 2021',
      ),
      'other',
    );
  });

  it('reads an X-ray that "shows" something as imaging though its date has full stops', () => {
    assert.equal(
      kindAt('X-rays taken in clinic on 30.04.2021 show the calcaneal fracture uniting.', '30.04.2021'),
      'imaging',
    );
  });

  it('gives a generic "Date of …" label no kind, a specific one its own', () => {
    assert.equal(
      kindAt(
        'Examination: XR Right foot and calcaneum (axial and lateral) Date of examination: 12/03/2021',
        '12/03/2021',
      ),
      'imaging',
    );
    assert.equal(kindAt('Date of operation: 14/10/2022 Theatre 3', '14/10/2022'), 'operation');
    assert.equal(kindAt('ADMISSION DATE: 09/04/2007 DISCHARGE DATE: 09/07/2007', '09/04/2007'), 'admission');
    assert.equal(kindAt('ADMISSION DATE: 09/04/2007 DISCHARGE DATE: 09/07/2007', '09/07/2007'), 'discharge');
  });

  it('knows a medicine started or stopped, by its name or its dose, over the visit it happened at', () => {
    assert.equal(
      kindAt(
        'She completed three months of treatment and warfarin was stopped at her clinic visit on 05/08/2021.',
        '05/08/2021',
      ),
      'prescription',
    );
    assert.equal(
      kindAt(
        'Mrs Pritchard was referred to us on 06/05/2021 with a DVT and was started on warfarin the same day.',
        '06/05/2021',
      ),
      'prescription',
    );
    assert.equal(
      kindAt('Tinzaparin 4500 units subcutaneously once daily, started 12/03/2021.', '12/03/2021'),
      'prescription',
    );
    assert.equal(kindAt('14/03/2023 Capsaicin 0.075% cream 45 g Dr R Osei', '14/03/2023'), 'prescription');
    assert.equal(kindAt('She has been treated with amlodipine since May 2015.', 'May 2015'), 'prescription');
  });

  it('dates a GP entry by the contact its heading names, and an entry that names none as a consultation', () => {
    assert.equal(
      kindOfOnly(
        '07 Feb 2023 16:20 Telephone consultation - Dr Anil Mehta\nPain clinic have started pregabalin 75 mg twice daily.',
      ),
      'consultation',
    );
    assert.equal(
      kindOfOnly('15/03/2021 10:15 Ward round - Dr Lucy Grant\nFit for discharge home today.'),
      'discharge',
    );
    assert.equal(
      kindOfOnly('17.04.2009 Left ankle pain after a fall from a step, able to weight bear.'),
      'consultation',
    );
    assert.equal(kindOfOnly('30.11.2014 Deducted from list: moved to Larchfield Medical Practice.'), 'other');
  });

  it('reads the assessments and appointments of a therapy service as therapy', () => {
    const heading = 'Northbridge Community MSK Physiotherapy Service\nDischarge summary';
    assert.equal(
      kindOfOnly(
        'I first assessed her on 20/01/2023 and she attended nine sessions of rehabilitation.',
        heading,
      ),
      'therapy',
    );
    assert.equal(
      kindOfOnly('I first assessed her on 20/01/2023 and she attended nine sessions of rehabilitation.'),
      'consultation',
    );
    assert.equal(
      kindAt('She has attended a six-week pain management programme, completed on 22/02/2023.', '22/02/2023'),
      'therapy',
    );
  });

  it('ends a statement at a line of labelled fields, so each field keeps its own date', () => {
    const text =
      'Admitted: 14/10/2022   Discharged: 16/10/2022   Consultant: Mr A Shah\nProcedure: right subtalar arthrodesis under general anaesthetic on 14/10/2022.';
    const mentions = extractDatedMentions([page(text)], REFERENCE_YEAR);
    assert.deepEqual(
      mentions.map((mention) => [mention.dateText, mention.kind]),
      [
        ['14/10/2022', 'admission'],
        ['16/10/2022', 'discharge'],
        ['14/10/2022', 'operation'],
      ],
    );
    assert.equal(mergeDuplicateMentions(mentions).length, 3);
  });

  it('finds the kind of a date written across a line break', () => {
    const [first] = extractDatedMentions(
      [
        page(
          'She attended eight sessions of cognitive behavioural therapy between 18th January\n2022 and 10th May 2022.',
        ),
      ],
      REFERENCE_YEAR,
    );
    assert.equal(first?.kind, 'therapy');
  });
});

describe('the clinician is the author, not the addressee', () => {
  const letter = [
    'Department of Trauma and Orthopaedics',
    'Mr Adrian Shah FRCS (Tr & Orth)',
    'Consultant Orthopaedic Surgeon (Foot and Ankle)',
    '',
    'Dr H Wilson',
    'Larchfield Surgery',
    '',
    'Dear Dr Wilson',
    'I saw Mrs Pritchard in the fracture clinic today, 19/03/2021.',
    'Yours sincerely',
    '',
    'Mr Adrian Shah',
    'Consultant Orthopaedic Surgeon',
  ].join('\n');

  it('finds the author in the signature block and keeps the addressee apart', () => {
    assert.equal(findDocumentAuthor(letter), 'Mr Adrian Shah');
    assert.equal(findAddressee(letter), 'Dr Wilson');
    assert.equal(
      findDocumentAuthor('Reported by Dr Priya Nair, Consultant Radiologist, 13/03/2021'),
      'Dr Priya Nair',
    );
    assert.equal(
      findDocumentAuthor('Electronically signed by James Porter, MD on 09/04/2007'),
      'James Porter',
    );
    assert.equal(findDocumentAuthor('Dear Dr Wilson\nThe scan was normal.'), null);
  });

  it('takes an entry heading\u2019s clinician, or whoever did what the date dates', () => {
    assert.equal(
      clinicianOfLine('16 Mar 2021 10:20 Telephone consultation - Dr Helen Wilson', ' 10:20'),
      'Dr Helen Wilson',
    );
    assert.equal(clinicianOfLine('06-May-2015 Nurse clinic - Practice Nurse', ' Nurse clinic'), null);
    assert.equal(
      clinicianOfLine('arthroscopy on 08/21/2007 by Dr. Alvarez, presents', ' by Dr. Alvarez, presents'),
      'Dr Alvarez',
    );
    assert.equal(clinicianOfLine('Seen on 03/04/2023 with knee pain.', ' with knee pain.'), undefined);
  });
});

describe('merging', () => {
  it('keeps two findings of one day apart and merges only copies of one statement', () => {
    const letter =
      'On examination on 24/02/2023 the hindfoot is in neutral.\nRepeat X-rays on 24/02/2023 show solid fusion.';
    const events = mergeDuplicateMentions(
      extractDatedMentions([page(letter, 1), { ...page(letter, 1), documentId: 2 }], REFERENCE_YEAR),
    );
    assert.deepEqual(
      events.map((event) => [event.kind, event.places.length]),
      [
        ['consultation', 2],
        ['imaging', 2],
      ],
    );
  });
});
