/**
 * A curated table of UK clinical synonyms and abbreviations: each group names one thing the way a lay person, a
 * clinician, a record's shorthand and a brand may write it. A question's words are expanded with the other members
 * of their group (weighing less than the user's own words), and a term counts as present in the records when any
 * member of its group is. Groups hold phrases as written; matching ignores case. Kept deliberately small and
 * specific: a member that is also an everyday word ("fit", "join") would make unrelated passages match, so none is.
 */
export const CLINICAL_SYNONYMS: readonly (readonly string[])[] = [
  // Bones and injuries
  ['heel bone', 'calcaneus', 'calcaneal', 'calcaneum', 'os calcis'],
  ['fracture', 'fractured', 'fractures', '#', 'break', 'broken', 'broke', 'broken bone'],
  ['keyhole surgery', 'arthroscopy', 'arthroscopic', 'knee scope'],
  ['joint below the ankle', 'subtalar joint', 'subtalar'],
  ['fusion', 'arthrodesis', 'fused', 'stiffen', 'stiffened', 'stiffening'],
  ['joined up', 'knitted', 'united', 'uniting', 'union', 'bony union', 'solid fusion'],
  ['torn cartilage', 'knee cartilage', 'meniscus', 'meniscal', 'meniscectomy'],
  ['whiplash', 'neck sprain', 'whiplash-associated disorder', 'WAD'],
  ['plaster', 'plaster cast', 'cast', 'backslab', 'POP'],
  ['slipped disc', 'disc prolapse', 'herniated disc', 'disc herniation'],
  ['shoulder blade', 'scapula'],
  ['collarbone', 'collar bone', 'clavicle'],
  ['kneecap', 'knee cap', 'patella'],
  ['shin bone', 'tibia', 'tibial'],
  ['thigh bone', 'femur', 'femoral'],
  ['wrist bone', 'scaphoid'],
  // Blood clots and blood thinners
  ['blood clot', 'clot', 'DVT', 'deep vein thrombosis', 'deep venous thrombosis', 'thrombosis', 'thrombus'],
  ['clot on the lung', 'pulmonary embolism', 'PE'],
  [
    'blood thinner',
    'blood thinners',
    'anticoagulant',
    'anticoagulation',
    'warfarin',
    'Coumadin',
    'apixaban',
    'Eliquis',
    'rivaroxaban',
    'Xarelto',
    'tinzaparin',
    'enoxaparin',
    'Lovenox',
    'Clexane',
    'heparin',
    'LMWH',
  ],
  // Places and services
  ['A&E', 'ED', 'emergency department', 'casualty', 'emergency room', 'ER', 'accident and emergency'],
  ['GP', 'general practitioner', 'family doctor'],
  ['physio', 'physiotherapy', 'physiotherapist', 'physical therapy'],
  [
    'talking therapy',
    'talking therapies',
    'CBT',
    'cognitive behavioural therapy',
    'psychotherapy',
    'counselling',
    'IAPT',
  ],
  ['sick note', 'fit note', 'statement of fitness for work', 'off work', 'off sick', 'not fit for work'],
  // Investigations
  ['ultrasound', 'USS', 'Doppler', 'duplex', 'sonography'],
  ['X-ray', 'X-rays', 'radiograph', 'XR'],
  ['CT', 'CT scan', 'computed tomography', 'CAT scan'],
  ['MRI', 'MRI scan', 'magnetic resonance'],
  ['nerve test', 'nerve conduction', 'nerve conduction studies', 'NCS', 'EMG'],
  ['kidney', 'kidneys', 'renal', 'eGFR', 'urea and electrolytes', 'U&E'],
  ['blood sugar', 'diabetes', 'diabetic', 'HbA1c', 'glucose'],
  // Conditions and symptoms
  ['high blood pressure', 'hypertension', 'raised blood pressure', 'BP'],
  ['nerve pain', 'neuropathic pain', 'neuralgia', 'allodynia'],
  ['pins and needles', 'numbness', 'paraesthesia', 'tingling'],
  ['crash', 'car crash', 'road traffic collision', 'road traffic accident', 'RTC', 'RTA', 'collision'],
  ['frightened', 'fear', 'anxiety', 'anxious', 'avoidance', 'avoids', 'phobia'],
  ['big roads', 'main roads', 'motorway', 'motorways', 'dual carriageway'],
  ['womb', 'uterus', 'uterine', 'gynaecology', 'gynaecological'],
  ['growth', 'fibroid', 'tumour', 'lump', 'mass'],
  ['hot flushes', 'flushes', 'menopause', 'perimenopausal', 'HRT', 'the change'],
  ['heart attack', 'myocardial infarction', 'MI'],
  ['stroke', 'CVA', 'cerebrovascular accident'],
  ['seizure', 'seizures', 'epilepsy', 'epileptic', 'convulsion'],
  ['PTSD', 'post-traumatic stress disorder', 'post-traumatic stress'],
  ['low mood', 'depression', 'depressed'],
  // Medicines
  [
    'painkiller',
    'painkillers',
    'analgesia',
    'analgesic',
    'co-codamol',
    'codeine',
    'paracetamol',
    'ibuprofen',
    'naproxen',
    'morphine',
    'oxycodone',
    'Vicodin',
  ],
  ['painkillers for nerve pain', 'pregabalin', 'Lyrica', 'gabapentin', 'Neurontin', 'amitriptyline'],
  [
    'antidepressant',
    'antidepressants',
    'sertraline',
    'Lustral',
    'citalopram',
    'fluoxetine',
    'Prozac',
    'mirtazapine',
  ],
  ['water tablet', 'water tablets', 'diuretic', 'furosemide', 'bendroflumethiazide'],
  ['antibiotic', 'antibiotics', 'amoxicillin', 'penicillin', 'phenoxymethylpenicillin', 'flucloxacillin'],
  ['blood pressure tablet', 'blood pressure tablets', 'amlodipine', 'ramipril', 'lisinopril'],
];

export interface SynonymMatch {
  /** The phrase as the question writes it. */
  written: string;
  start: number;
  end: number;
  /** The other members of its group. */
  synonyms: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Members sorted longest first, so that "blood clot" is found before "clot". */
const MEMBERS = CLINICAL_SYNONYMS.flatMap((group, index) => group.map((member) => ({ member, index }))).sort(
  (a, b) => b.member.length - a.member.length,
);

/** Whether a member is written in capitals in the table (an abbreviation: "ED", "PE", "MI" match only so). */
const isAbbreviation = (member: string) => /^[A-Z&#]{1,4}$/.test(member);

/**
 * The phrases of `text` that are members of a synonym group, each with the rest of its group, longest first and
 * without overlaps. An abbreviation matches only as written in capitals ("ED", not "ed"); other members ignore case.
 */
export function findSynonymPhrases(text: string): SynonymMatch[] {
  const found: SynonymMatch[] = [];
  const taken: [number, number][] = [];
  for (const { member, index } of MEMBERS) {
    const flags = isAbbreviation(member) ? 'g' : 'gi';
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(member)}(?![\\p{L}\\p{N}])`, `${flags}u`);
    for (const match of text.matchAll(pattern)) {
      const [start, end] = [match.index, match.index + match[0].length];
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      taken.push([start, end]);
      found.push({
        written: match[0],
        start,
        end,
        synonyms: CLINICAL_SYNONYMS[index]!.filter((other) => other.toLowerCase() !== member.toLowerCase()),
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
