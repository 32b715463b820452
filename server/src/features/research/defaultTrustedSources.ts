/** A reputable clinical source every user starts with; `key` keeps it seeded once per user. */
export interface DefaultTrustedSource {
  key: string;
  name: string;
  domain: string;
  description: string;
}

/**
 * The sources a medico-legal expert in the UK cites most: national guidance, the NHS, the main journals and
 * evidence reviews, the regulator's alerts and the surgical royal college. Each user gets them active, may switch
 * or edit them, and can never delete them.
 */
export const DEFAULT_TRUSTED_SOURCES: readonly DefaultTrustedSource[] = [
  {
    key: 'nice',
    name: 'NICE',
    domain: 'nice.org.uk',
    description:
      'National Institute for Health and Care Excellence: clinical guidelines, quality standards and Clinical Knowledge Summaries',
  },
  {
    key: 'nhs',
    name: 'NHS',
    domain: 'nhs.uk',
    description: 'NHS website and NHS England: conditions, treatments and services',
  },
  {
    key: 'bmj',
    name: 'BMJ',
    domain: 'bmj.com',
    description: 'The BMJ and its specialist journals: peer-reviewed research and clinical reviews',
  },
  {
    key: 'cochrane',
    name: 'Cochrane Library',
    domain: 'cochranelibrary.com',
    description: 'Systematic reviews of the evidence for healthcare interventions',
  },
  {
    key: 'pubmed',
    name: 'PubMed',
    domain: 'pubmed.ncbi.nlm.nih.gov',
    description: 'The US National Library of Medicine index of biomedical literature, with abstracts',
  },
  {
    key: 'gov-uk-mhra',
    name: 'GOV.UK (MHRA)',
    domain: 'gov.uk',
    description:
      'Medicines and Healthcare products Regulatory Agency safety alerts and government health guidance',
  },
  {
    key: 'sign',
    name: 'SIGN',
    domain: 'sign.ac.uk',
    description: 'Scottish Intercollegiate Guidelines Network: evidence-based clinical guidelines',
  },
  {
    key: 'rcs-england',
    name: 'Royal College of Surgeons of England',
    domain: 'rcseng.ac.uk',
    description: 'Professional standards and guidance for surgical practice',
  },
];
