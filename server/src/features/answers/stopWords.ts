/**
 * Words that carry no fact of their own when an answer's sentence is compared with the passages it cites: function
 * words, question words, words about the sources themselves ("the records show", "according to page 2") and the
 * words that name the subject of every record (the patient, the claimant).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above according across after afterwards again against all almost alone along already also although always am
  among an and another any anyone anything are around as at be became because become been before being below beside
  besides between both but by can cannot could did do does doing done down during each either else etc even ever every
  few for from further had has have having he her here hers herself him himself his how however i if in including into
  is it its itself just least less like made make many may me might more most much must my myself neither no nor not
  now of off often on once one only onto or other others otherwise our ours ourselves out over own per perhaps please
  quite rather really same several she should since so some such than that the their theirs them themselves then there
  thereafter therefore these they this those though through throughout thus to together too toward towards under until
  up upon us very via was we well were what whatever when whenever where whereas whether which while who whoever whom
  whose why will with within without would yes yet you your yours yourself yourselves
  answer answers based cite cited cites citation described describes document documents documented excerpt file files
  found given indicate indicated indicates information mention mentioned mentions note noted notes page pages passage
  passages provided record recorded records report reported reports say says show showed shown shows source sources
  state stated states text e.g i.e
  claimant claimants patient patients mr mrs ms miss dr doctor`
    .split(/\s+/)
    .filter(Boolean),
);
