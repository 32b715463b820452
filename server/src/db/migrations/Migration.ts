export interface Migration {
  /** Applied in ascending order; never renumber or edit a migration that has shipped. */
  version: number;
  name: string;
  sql: string;
}
