import type { DefaultLookup, DefaultLookupType } from '@ewrt/contract';

/**
 * The provider's default report types and prompts for UK medico-legal work, served by the defaults calls and copied
 * into a group on import. Each prompt is an instruction to the drafting model for one section of the report. The ids
 * are stable: a browser's selection, and anything that refers to a default, must mean the same item after an
 * upgrade, so an id is never reused for different content.
 */
export interface DefaultPromptSet {
  lookupTypes: readonly DefaultLookupType[];
  lookups: readonly DefaultLookup[];
}

/** What every section's instruction ends with: the rules of evidence-based, CPR 35-compliant drafting. */
const DRAFTING_RULES =
  'Rules for this section: use only the records, instructions and notes provided. Cite the source of every fact ' +
  'in brackets by file name and page, for example (GP records.pdf, p. 14). Do not invent facts, dates, ' +
  'measurements, quotations, guidelines or literature; where the records are silent, incomplete or contradictory, ' +
  'say so plainly, say what further information would resolve it, and mark anything the expert must supply as ' +
  '[Expert to confirm: …]. Keep apart what the claimant reports, what the records show and what is the ' +
  'expert’s opinion, and state the degree of certainty of each opinion. Write in the first person as the expert, ' +
  'in formal British English with UK spelling, and give dates day, month, year (for example 14 March 2023).';

interface SectionInstruction {
  id: number;
  title: string;
  instruction: string;
}

interface ReportType extends DefaultLookupType {
  sections: readonly SectionInstruction[];
}

const PERSONAL_INJURY: ReportType = {
  ID_LookupType: 1,
  LookupTypeText: 'Personal Injury',
  description:
    'A report on the injuries a claimant suffered in an accident, such as a road traffic collision or an ' +
    'accident at work, covering causation, present condition, prognosis and future needs.',
  sections: [
    {
      id: 101,
      title: 'Instructions and Material Facts',
      instruction:
        'Draft the section setting out the instructions. State who instructs the expert (the firm, and whether ' +
        'for the claimant, the defendant or as single joint expert), the date of the letter of instruction, and ' +
        'the questions the expert has been asked, numbered as in the letter. Then state the substance of all ' +
        'material instructions, written or oral, and the facts and assumptions on which the opinions are based ' +
        '(CPR 35.10(3) and PD 35 paragraph 3.2(3)). Give the date, place and duration of the examination, who ' +
        'was present and whether an interpreter was used. Do not add facts that are not in the instructions.',
    },
    {
      id: 102,
      title: 'Documents Reviewed',
      instruction:
        'List every document the expert has reviewed, grouped by source: GP records, hospital and ' +
        'emergency department records, imaging and reports, physiotherapy and other treatment records, ' +
        'occupational health records, witness statements, pleadings and earlier expert reports. For each give ' +
        'the file name, a short description and the date range it covers. List separately any literature or ' +
        'guidance relied on (PD 35 paragraph 3.2(2)). Say which records were requested but not provided, and ' +
        'whether pre-accident GP records were seen, since their absence limits the opinion on earlier history.',
    },
    {
      id: 103,
      title: 'The Accident',
      instruction:
        'Describe the index accident: the date, time and place, the mechanism (for a road traffic collision the ' +
        'claimant’s position in the vehicle, seat belt and head restraint, the direction and speed of impact, ' +
        'airbag deployment and damage to the vehicle; for a workplace accident the task, equipment and how the ' +
        'injury occurred), the immediate symptoms and what the claimant did next. Set out the first medical ' +
        'attendance from the contemporaneous records (ambulance, emergency department, GP or walk-in centre) with ' +
        'the recorded findings and treatment. Where the claimant’s account differs from the records, give both ' +
        'and do not decide between them: that is for the court.',
    },
    {
      id: 104,
      title: 'Past Medical History',
      instruction:
        'Summarise the claimant’s medical history before the accident from the GP and hospital records, ' +
        'concentrating on anything relevant to the injuries claimed: earlier symptoms in the same parts of the ' +
        'body, degenerative conditions, previous accidents or claims, mental health history, and medication. ' +
        'Give the date of each relevant entry with its citation. Say expressly if the records show no relevant ' +
        'history, and over what period the records were reviewed. Note anything the claimant reported at ' +
        'interview that the records do not show, or the reverse.',
    },
    {
      id: 105,
      title: 'Present Condition and Symptoms',
      instruction:
        'Describe the course of each injury from the accident to the date of examination, then the claimant’s ' +
        'present symptoms injury by injury: nature, severity, frequency, what aggravates and eases them, and ' +
        'treatment received with its effect. Describe the effect on daily living, sleep, work (time off, ' +
        'return to work, adjusted duties), domestic tasks, childcare, driving and leisure activities, and any ' +
        'psychological symptoms such as travel anxiety. Report this as the claimant’s account and say where ' +
        'the records support or do not support it.',
    },
    {
      id: 106,
      title: 'Examination Findings',
      instruction:
        'Set out the findings of the expert’s examination, using only the examination notes provided. State ' +
        'who carried out the examination and any tests (PD 35 paragraph 3.2(5)), the date and whether a ' +
        'chaperone was present. Record general observations, then each region examined: inspection, ' +
        'palpation, range of movement in degrees against normal values, power, reflexes and sensation, special ' +
        'tests, and how consistent the findings were with the reported symptoms and with each other. If no ' +
        'examination notes are provided, give the headings and mark each [Expert to confirm: findings]; never ' +
        'create a finding.',
    },
    {
      id: 107,
      title: 'Diagnosis',
      instruction:
        'State the diagnosis of each injury attributed to the accident (for example a soft tissue injury of the ' +
        'cervical spine, a fracture, an adjustment disorder), with the clinical grounds for it from the history, ' +
        'the records, the examination and any investigations. Use recognised terminology and, for a ' +
        'psychiatric diagnosis, the classification criteria applied. Where the diagnosis is uncertain, give the ' +
        'differential diagnoses and what would distinguish them, such as imaging or a specialist opinion.',
    },
    {
      id: 108,
      title: 'Causation',
      instruction:
        'Give the expert’s opinion, on the balance of probabilities, on whether each injury and symptom was ' +
        'caused by the accident, with the reasons: the mechanism, the timing of onset, the contemporaneous ' +
        'records and the earlier history. Where there was a pre-existing condition, say whether the accident ' +
        'caused a new injury, made the condition worse for a limited period, or brought forward symptoms that ' +
        'would have arisen anyway, and if so by how long. Where events after the accident contributed, say how. ' +
        'Where the outcome depends on a disputed fact, give the opinion on each version of the facts.',
    },
    {
      id: 109,
      title: 'Prognosis',
      instruction:
        'Give the prognosis for each injury: whether it has resolved and when, or when it is expected to ' +
        'resolve, counted in months from the date of the accident; or, if symptoms are likely to be permanent, ' +
        'their expected level. Where the claim concerns a whiplash injury under the Civil Liability Act 2018, ' +
        'give the duration of each whiplash and minor psychological injury as a period from the accident. State ' +
        'the risk of future complications, such as osteoarthritis after a fracture, as a percentage where the ' +
        'evidence allows, and the basis for each figure. State uncertainty honestly and say whether a further ' +
        'examination later would allow a firmer prognosis.',
    },
    {
      id: 110,
      title: 'Treatment, Care and Future Needs',
      instruction:
        'Set out the treatment received and whether it was reasonable, then the treatment the expert ' +
        'recommends: the type (for example physiotherapy, cognitive behavioural therapy, injections, surgery), ' +
        'the number of sessions, its expected benefit and whether it is likely to shorten the prognosis. Describe ' +
        'care and assistance given by family or friends since the accident (tasks, hours a week and for how ' +
        'long) and any continuing need for care, aids, equipment or adaptations. Comment on time off work and ' +
        'capacity for work now and in future. Give costs only when they are within the expert’s expertise and ' +
        'supported by the material provided.',
    },
    {
      id: 111,
      title: 'Range of Opinion',
      instruction:
        'Where there is a range of reasonable medical opinion on a matter in this report (the diagnosis, ' +
        'causation, the prognosis or the treatment needed), summarise the range and give the reasons for the ' +
        'expert’s own opinion (PD 35 paragraph 3.2(6)). Where another expert’s report has been provided, state ' +
        'where the expert agrees and disagrees with it and why. Identify any opinion that cannot be given ' +
        'without qualification and state the qualification (PD 35 paragraph 3.2(8)). If there is no range of ' +
        'opinion on a matter, say so rather than creating one.',
    },
    {
      id: 112,
      title: 'Summary of Conclusions',
      instruction:
        'Write a numbered summary of the expert’s conclusions (PD 35 paragraph 3.2(7)): the injuries, ' +
        'causation, the present condition, the prognosis and the treatment and care recommended, each in one ' +
        'or two sentences with a reference to the paragraph of the report that gives the reasons. Answer each ' +
        'question in the letter of instruction in turn. Add nothing that is not in the body of the report, and ' +
        'keep every conclusion consistent with it, including its qualifications.',
    },
  ],
};

const CLINICAL_NEGLIGENCE: ReportType = {
  ID_LookupType: 2,
  LookupTypeText: 'Clinical Negligence',
  description:
    'A report on whether the care given fell below the standard of a reasonably competent practitioner in the ' +
    'field (breach of duty) and, if so, what difference that made to the outcome (causation).',
  sections: [
    {
      id: 201,
      title: 'Instructions and Issues',
      instruction:
        'Draft the section setting out the instructions and the issues. State who instructs the expert, for ' +
        'which party or as single joint expert, the date of the letter of instruction, and the questions asked, ' +
        'numbered as in the letter. State whether the expert is instructed on breach of duty, causation, ' +
        'condition and prognosis, or several of these, and confirm that the expert practised in the relevant ' +
        'specialty at the time of the events. Set out the substance of all material instructions and the facts ' +
        'and assumptions relied on (CPR 35.10(3), PD 35 paragraph 3.2(3)).',
    },
    {
      id: 202,
      title: 'Documents Reviewed',
      instruction:
        'List every document reviewed, grouped by source: GP records, hospital records for each admission and ' +
        'clinic, nursing and observation charts, prescription and drug charts, imaging and laboratory results, ' +
        'serious incident or complaint investigations, witness statements, the letter of claim and response, ' +
        'and other experts’ reports. Give each file name, a description and the dates covered. List separately ' +
        'every guideline, policy and item of literature relied on, with its edition or date (PD 35 paragraph ' +
        '3.2(2)). Say which records appear to be missing, such as illegible pages or absent observation charts.',
    },
    {
      id: 203,
      title: 'Relevant Medical Background',
      instruction:
        'Summarise the patient’s medical history before the care in question that bears on the issues: ' +
        'relevant conditions, risk factors, medication, allergies and previous treatment, each with its ' +
        'citation. This background matters for causation, so note anything that affected the patient’s ' +
        'likely outcome regardless of the care given. Keep it brief and confined to what is relevant.',
    },
    {
      id: 204,
      title: 'Chronology of Care',
      instruction:
        'Write a detailed chronology of the care in question, in date and time order, from the contemporaneous ' +
        'records: each attendance, assessment, observation, investigation and result, decision, referral, ' +
        'treatment and communication with the patient, with the clinician’s grade or role where recorded and a ' +
        'citation for each entry. Quote the records where the exact words matter. Note gaps in the records and ' +
        'entries made later. Where a witness statement gives a different account, set out both without ' +
        'deciding between them: findings of fact are for the court.',
    },
    {
      id: 205,
      title: 'The Standard of Care',
      instruction:
        'Explain the standard against which the care is judged: that of a reasonably competent practitioner ' +
        'holding the same post in the same specialty at the time, as accepted by a responsible body of practitioners ' +
        '(Bolam v Friern Hospital Management Committee [1957]), provided that body’s view withstands logical ' +
        'analysis (Bolitho v City and Hackney Health Authority [1998]). For consent, the duty to take reasonable ' +
        'care that the patient is aware of material risks and reasonable alternatives (Montgomery v Lanarkshire ' +
        'Health Board [2015] UKSC 11), the reasonable alternatives being those a responsible body of ' +
        'practitioners would accept (McCulloch v Forth Valley Health Board [2023] UKSC 26). Identify the ' +
        'guidance in force at the time of the events, by title, ' +
        'edition and date, only from the documents provided or as [Expert to confirm: guideline], and judge ' +
        'the care without hindsight.',
    },
    {
      id: 206,
      title: 'Breach of Duty',
      instruction:
        'For each criticism of the care in the letter of claim or the instructions, and any the expert ' +
        'identifies, state what was done, what a reasonably competent practitioner would have done, and whether ' +
        'in the expert’s opinion the care fell below that standard, with reasons drawn from the records and the ' +
        'guidance of the time. Where the care was within the range a responsible body of practitioners would ' +
        'accept, say so even if the expert would have acted differently. Where the opinion depends on a disputed ' +
        'fact, give it on each version of the facts. Do not state legal conclusions such as negligence or ' +
        'liability; these are for the court.',
    },
    {
      id: 207,
      title: 'Causation',
      instruction:
        'For each breach found, or assumed on instruction, describe what would have happened with reasonable ' +
        'care: the diagnosis and treatment that would have followed and when, and the likely outcome. Give the ' +
        'opinion on the balance of probabilities (more likely than not) on whether the outcome would have been ' +
        'avoided or different, and by how much, comparing the actual and the hypothetical course. Where the ' +
        'breach made a material contribution to an injury with more than one cause, say so and explain. Cite ' +
        'the statistics or literature used for survival or outcome figures only from the documents provided, ' +
        'and explain their limits for this patient.',
    },
    {
      id: 208,
      title: 'Condition and Prognosis',
      instruction:
        'Describe the patient’s present condition and how much of it is attributable to the breach, separating ' +
        'the effects of the underlying condition, which would have occurred with reasonable care, from the ' +
        'additional injury caused by the breach. Give the prognosis for the attributable injury, the effect on ' +
        'life expectancy if any, and the treatment, care, equipment and therapy needed in future because of ' +
        'it, with the reasons and the uncertainty of each estimate.',
    },
    {
      id: 209,
      title: 'Range of Opinion',
      instruction:
        'Where there is a range of reasonable opinion on the standard of care, on what reasonable care would ' +
        'have achieved, or on the prognosis, summarise the range and give the reasons for the expert’s own ' +
        'opinion (PD 35 paragraph 3.2(6)). Identify any opinion the expert cannot give without qualification and ' +
        'state the qualification (PD 35 paragraph 3.2(8)), and any issue outside the expert’s specialty on ' +
        'which another discipline’s opinion is needed.',
    },
    {
      id: 210,
      title: 'Summary of Conclusions',
      instruction:
        'Write a numbered summary of the conclusions on breach of duty, causation and, where instructed, ' +
        'condition and prognosis (PD 35 paragraph 3.2(7)), each with a reference to the paragraph that gives the ' +
        'reasons, and answer each question in the letter of instruction in turn. Add nothing that is not in the ' +
        'body of the report and carry over every qualification.',
    },
  ],
};

const CONDITION_AND_PROGNOSIS: ReportType = {
  ID_LookupType: 3,
  LookupTypeText: 'Condition and Prognosis',
  description:
    'A report on the claimant’s present condition, its likely course and their future needs, for valuing a ' +
    'claim once liability, or breach and causation, is admitted or decided.',
  sections: [
    {
      id: 301,
      title: 'Instructions and Material Facts',
      instruction:
        'Draft the section setting out the instructions: who instructs the expert, for which party or as ' +
        'single joint expert, the date of the letter, and the questions asked, numbered as in the letter. ' +
        'State what has been admitted or is to be assumed about liability and causation, and the substance of ' +
        'all material instructions and facts relied on (CPR 35.10(3), PD 35 paragraph 3.2(3)). Give the date, ' +
        'place and duration of the examination and who was present.',
    },
    {
      id: 302,
      title: 'Documents Reviewed',
      instruction:
        'List every document reviewed, grouped by source (GP, hospital, therapy, imaging, employment, witness ' +
        'statements, schedules of loss and earlier expert reports), each with its file name, a description and ' +
        'the dates it covers. List separately any literature relied on (PD 35 paragraph 3.2(2)). Say which ' +
        'records were not available and how that limits the opinion.',
    },
    {
      id: 303,
      title: 'Background and Index Event',
      instruction:
        'Summarise briefly the event that gave rise to the claim and the injuries it caused, as admitted or as ' +
        'set out in the instructions and records, with citations. Do not revisit liability or causation unless ' +
        'instructed to; where the records raise a question about them, note it for those instructing.',
    },
    {
      id: 304,
      title: 'Past Medical History',
      instruction:
        'Summarise the claimant’s medical history before the index event that bears on their present ' +
        'condition, prognosis or life expectancy: earlier symptoms in the affected areas, chronic conditions, ' +
        'mental health history and medication, each with its date and citation. Say how each pre-existing ' +
        'condition would probably have progressed had the event not happened, since the claim is valued ' +
        'against that baseline.',
    },
    {
      id: 305,
      title: 'Treatment to Date',
      instruction:
        'Describe the treatment and rehabilitation since the index event in date order: admissions, operations, ' +
        'therapy, medication, psychological treatment and equipment, with the response to each and citations. ' +
        'Say whether the treatment was reasonable and whether any recommended treatment has not yet taken place, ' +
        'and why.',
    },
    {
      id: 306,
      title: 'Present Condition and Symptoms',
      instruction:
        'Describe the claimant’s present symptoms and condition, problem by problem: physical, cognitive and ' +
        'psychological, with their severity, frequency and variation, and the medication taken. Report this as ' +
        'the claimant’s account, and say where the records and the examination support it or not.',
    },
    {
      id: 307,
      title: 'Effect on Daily Life and Work',
      instruction:
        'Describe how the condition affects the claimant’s personal care, mobility, domestic tasks, childcare, ' +
        'driving, social and leisure activities, relationships and sleep, comparing life before and after the ' +
        'event. Describe their work before the event, time off, any return to work and adjustments, and their ' +
        'present and future capacity for work, including whether they are likely to retire early or be at a ' +
        'disadvantage in the labour market. Where instructed, say whether they meet the definition of ' +
        'disability used with the Ogden Tables, with reasons.',
    },
    {
      id: 308,
      title: 'Examination Findings',
      instruction:
        'Set out the findings of the expert’s examination, using only the examination notes provided. State ' +
        'who carried out the examination and any tests (PD 35 paragraph 3.2(5)) and the date. Record general ' +
        'observations and each system or region examined, with measurements against normal values, the results ' +
        'of any questionnaires or scales used, and how consistent the findings were. If no notes are provided, ' +
        'give the headings and mark each [Expert to confirm: findings]; never create a finding.',
    },
    {
      id: 309,
      title: 'Diagnosis',
      instruction:
        'State each diagnosis attributable to the index event, and separately any unrelated condition, with ' +
        'the clinical grounds from the history, records, examination and investigations, using recognised ' +
        'terminology and classification criteria. Where a diagnosis is uncertain, give the differential and ' +
        'what investigation or specialist opinion would settle it.',
    },
    {
      id: 310,
      title: 'Prognosis',
      instruction:
        'Give the prognosis for each attributable condition: whether further improvement is expected and by ' +
        'when, or whether the condition has reached a plateau; the risk of deterioration or complications (for ' +
        'example post-traumatic osteoarthritis, the need for joint replacement, epilepsy after a head injury) ' +
        'as a percentage and a time scale where the evidence allows; and any effect on life expectancy. Give ' +
        'the basis for each figure, say how certain it is, and say when a further examination would help.',
    },
    {
      id: 311,
      title: 'Care, Treatment and Future Needs',
      instruction:
        'Set out the claimant’s future needs arising from the attributable condition: treatment and therapy ' +
        '(type, number of sessions and expected benefit), surgery and its timing, medication, aids and ' +
        'equipment and how often they need replacing, adaptations to accommodation and transport, and care ' +
        'and assistance (tasks, hours a week, and whether paid or gratuitous care) now and in future. Say which ' +
        'needs would have arisen anyway because of pre-existing conditions. Leave detailed costings to the ' +
        'appropriate expert unless they are within this expert’s expertise.',
    },
    {
      id: 312,
      title: 'Range of Opinion',
      instruction:
        'Where there is a range of reasonable opinion on the diagnosis, the prognosis or the future needs, ' +
        'summarise the range and give the reasons for the expert’s own opinion (PD 35 paragraph 3.2(6)). Where ' +
        'another expert’s report has been provided, say where the expert agrees and disagrees and why. State ' +
        'any qualification to an opinion (PD 35 paragraph 3.2(8)) and any matter that needs another discipline.',
    },
    {
      id: 313,
      title: 'Summary of Conclusions',
      instruction:
        'Write a numbered summary of the conclusions on the present condition, diagnosis, prognosis, capacity ' +
        'for work and future needs (PD 35 paragraph 3.2(7)), each with a reference to the paragraph that gives ' +
        'the reasons, and answer each question in the letter of instruction in turn. Add nothing that is not in ' +
        'the body of the report and carry over every qualification.',
    },
  ],
};

const REPORT_TYPES: readonly ReportType[] = [PERSONAL_INJURY, CLINICAL_NEGLIGENCE, CONDITION_AND_PROGNOSIS];

export const DEFAULT_PROMPT_SET: DefaultPromptSet = {
  lookupTypes: REPORT_TYPES.map(({ ID_LookupType, LookupTypeText, description }) => ({
    ID_LookupType,
    LookupTypeText,
    description,
  })),
  lookups: REPORT_TYPES.flatMap((type) =>
    type.sections.map((section) => ({
      ID_Lookup: section.id,
      LookupTitle: section.title,
      LookupText: `${section.instruction}\n\n${DRAFTING_RULES}`,
      LookupType: type.ID_LookupType,
    })),
  ),
};
