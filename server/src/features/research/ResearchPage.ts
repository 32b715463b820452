/** A search result kept after the host check: a page on one of the user's active trusted domains. */
export interface ResearchPage {
  title: string;
  url: string;
  snippet: string;
  /** The trusted domain it is on, and the name the user gave that source. */
  domain: string;
  sourceName: string;
}
