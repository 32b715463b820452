/**
 * Words of a question that ask rather than name: what was done, whether it happened, to whom, what the record said
 * of it, the attribute asked for ("what size", "what did it conclude") and the lay verbs of what was done ("joined",
 * "healed"), which records write in clinical words. A question's key terms are its other
 * words; a passage need not hold these to answer it, and their absence from the records says nothing.
 */
export const ASKING_WORDS: ReadonlySet<string> = new Set(
  `ask asked been come did does done ever get gets getting given gives go going gone got happen happened happening
  has have her him his history how many much perform performed performing receive received she he they take taken
  takes took undergo underwent use used any anything evidence sign signs time times first last next previous
  earlier later date dates day days week weeks month months year years left right both tell told us list show
  shown shows showed summarise summarize describe explain find found give see seen any all need needed
  conclude concluded conclusion say said size dose dosage type kind sort amount result results outcome
  join joined joining heal healed mend mended fix fixed repair repaired treat treated`
    .split(/\s+/)
    .filter(Boolean),
);
