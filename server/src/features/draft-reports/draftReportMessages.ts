/** What the draft-report calls and job say to the user. */
export const DRAFT_REPORT_MESSAGES = {
  notYourself: 'You can only work with your own draft reports',
  typeNotFound: 'Report type not found',
  noPrompts:
    'This report type has no prompts. Add prompts to it on the Draft Report Prompts screen before generating a report.',
  tooManyPrompts: (most: number) =>
    `This report type has more than ${most} prompts: a draft report runs at most ${most}. Split it into smaller report types.`,
  reportTemplateNotFound: 'Report template not found',
  jobNotFound: 'Job not found',
  notReady: 'The report is not ready yet',
  /** The evidence digest's heading when no language model is configured, then what follows it. */
  digestHeading: 'No language model is configured: this section is an evidence digest, not a draft.',
  digestPassages: "These passages of the patient's records best match the prompt.",
  nothingMatched: "Nothing in the patient's records matched this prompt.",
  modelNotAsked: 'The language model was not asked to draft this section.',
} as const;
