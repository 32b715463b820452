/** The three feature cards of the landing page (SHELL-03) and what each reveals. */
export interface LandingFeature {
  key: string;
  title: string;
  summary: string;
  details: readonly string[];
}

export const LANDING_FEATURES: readonly LandingFeature[] = [
  {
    key: 'secure',
    title: 'Secure & Compliant',
    summary: 'Patient records handled to clinical standards.',
    details: [
      'HIPAA and GDPR compliant processing',
      'Data stored in the United Kingdom',
      'Two-factor authentication on every account',
      'Records visible only within your own group',
      'Every read and change of patient data is audited',
    ],
  },
  {
    key: 'ai',
    title: 'AI-Powered Tools',
    summary: 'Find what matters in thousands of pages.',
    details: [
      'Medical documents extracted, chunked and indexed for questions',
      "Query engine over each patient's records",
      'Secure chatbot and research assistant for medical queries',
      'Live dictation and audio-file transcription',
    ],
  },
  {
    key: 'reports',
    title: 'Comprehensive Reports',
    summary: 'From source documents to a draft in your own words.',
    details: [
      'Draft reports generated from your report templates',
      'Written in your own style, learned from an example report',
      'Document pagination and organisation',
      'Word documents ready for review and editing',
    ],
  },
];

/** The compliance claims of PROD-01, shown as badges under the tagline. */
export const COMPLIANCE_CLAIMS: readonly string[] = ['HIPAA compliant', 'GDPR compliant', 'UK data storage'];

/** Where visitors reach the team; one place to change for a deployment. */
export const CONTACT_LINKS: readonly { label: string; href: string }[] = [
  { label: 'Contact support', href: 'mailto:support@expertwitnessreporttool.co.uk' },
  { label: 'Report a security concern', href: 'mailto:security@expertwitnessreporttool.co.uk' },
];
