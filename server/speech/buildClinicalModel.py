"""Builds the clinical language model and pronunciation dictionary the pocketsphinx worker interpolates with the
generic en-us model.

  python3 server/speech/buildClinicalModel.py [--corpus FILE]... [--out DIR] [--dict CMUDICT] [--espeak COMMAND]
                                              [--pronunciations FILE]

Reads the corpus (one sentence a line, '#' lines are comments; by default server/speech/clinical/corpus.txt),
normalises it as the recogniser writes words (lower case, no punctuation, hyphens as spaces), and writes to DIR
(by default server/speech/clinical):

  clinical.arpa  a trigram model in ARPA format: absolute discounting with back-off (Katz style), the back-off
                 weights computed so that every history's probabilities sum to one;
  clinical.dict  a CMU-phone pronunciation for each of its words the en-us dictionary lacks (UK spellings, drug
                 names): hand-checked ones from clinical/pronunciations.txt first, the rest from espeak-ng's
                 phonemes (espeakPhones.py). Words neither can pronounce are named and left out of the model.

The worker (pocketsphinxWorker.py) mixes this model with the generic one at decode time; the generic model is never
rewritten, so this build needs only the corpus and takes a second.
"""

import argparse
import collections
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from espeakPhones import espeak_pronunciations  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.join(HERE, "clinical", "corpus.txt")
DEFAULT_OUT = os.path.join(HERE, "clinical")
DEFAULT_DICT = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"
DEFAULT_PRONUNCIATIONS = os.path.join(HERE, "clinical", "pronunciations.txt")
# How much of each seen n-gram's count is set aside for the unseen (absolute discounting).
DISCOUNT = 0.5
ORDER = 3
LOG10_ZERO = -99.0
SENTENCE_START = "<s>"
SENTENCE_END = "</s>"


def normalise(sentence):
    """The words of a sentence as the recogniser writes them: lower case, letters and inner apostrophes only."""
    text = sentence.lower().replace("-", " ").replace("/", " ")
    text = re.sub(r"[^a-z' ]+", " ", text)
    words = []
    for word in text.split():
        word = word.strip("'")
        if word:
            words.append(word)
    return words


def read_corpus(paths):
    sentences = []
    for path in paths:
        with open(path, encoding="utf-8") as corpus:
            for line in corpus:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                words = normalise(line)
                if words:
                    sentences.append(words)
    return sentences


def read_dictionary_words(path):
    words = set()
    with open(path, encoding="utf-8") as dictionary:
        for line in dictionary:
            parts = line.split(None, 1)
            if parts:
                words.add(re.sub(r"\(\d+\)$", "", parts[0]))
    return words


def read_pronunciations(path):
    """{word: CMU phones} of a hand-written list ('word PHONES' a line, '#' lines are comments); {} without one."""
    if not os.path.exists(path):
        return {}
    entries = {}
    with open(path, encoding="utf-8") as listing:
        for line in listing:
            parts = line.split(None, 1)
            if len(parts) == 2 and not parts[0].startswith("#"):
                entries[parts[0].lower()] = " ".join(parts[1].split())
    return entries


def count_ngrams(sentences):
    counts = [collections.Counter() for _ in range(ORDER + 1)]
    for words in sentences:
        tokens = [SENTENCE_START] + words + [SENTENCE_END]
        for n in range(1, ORDER + 1):
            for start in range(len(tokens) - n + 1):
                gram = tuple(tokens[start:start + n])
                if n == 1 and gram[0] == SENTENCE_START:
                    continue
                counts[n][gram] += 1
    return counts


def estimate(counts):
    """Probabilities and back-off weights of every n-gram: ({gram: p}, {history: weight}) per order."""
    probs = [dict() for _ in range(ORDER + 1)]
    backoffs = [dict() for _ in range(ORDER + 1)]
    total = sum(counts[1].values())
    for gram, count in counts[1].items():
        probs[1][gram] = count / total

    def lower_prob(gram):
        """P(last word | the shorter history), backing off as the model would."""
        if len(gram) == 1:
            return probs[1].get(gram, 0.0)
        if gram in probs[len(gram)]:
            return probs[len(gram)][gram]
        return backoffs[len(gram) - 1].get(gram[:-1], 1.0) * lower_prob(gram[1:])

    for n in range(2, ORDER + 1):
        by_history = collections.defaultdict(list)
        for gram, count in counts[n].items():
            by_history[gram[:-1]].append((gram, count))
        for history, grams in by_history.items():
            history_total = sum(count for _, count in grams)
            seen_mass = 0.0
            lower_mass = 0.0
            for gram, count in grams:
                p = (count - DISCOUNT) / history_total
                probs[n][gram] = p
                seen_mass += p
                lower_mass += lower_prob(gram[1:])
            left = max(1e-9, 1.0 - seen_mass)
            backoffs[n - 1][history] = left / max(1e-9, 1.0 - lower_mass)
    return probs, backoffs


def log10(value):
    return LOG10_ZERO if value <= 0 else math.log10(value)


def write_arpa(path, probs, backoffs):
    unigrams = dict(probs[1])
    unigrams[(SENTENCE_START,)] = 0.0
    with open(path, "w", encoding="utf-8") as arpa:
        arpa.write("\\data\\\n")
        arpa.write("ngram 1=%d\n" % len(unigrams))
        for n in range(2, ORDER + 1):
            arpa.write("ngram %d=%d\n" % (n, len(probs[n])))
        arpa.write("\n\\1-grams:\n")
        for gram in sorted(unigrams):
            prob = LOG10_ZERO if gram[0] == SENTENCE_START else log10(unigrams[gram])
            arpa.write("%.4f\t%s\t%.4f\n" % (prob, gram[0], log10(backoffs[1].get(gram, 1.0))))
        for n in range(2, ORDER + 1):
            arpa.write("\n\\%d-grams:\n" % n)
            for gram in sorted(probs[n]):
                line = "%.4f\t%s" % (log10(probs[n][gram]), " ".join(gram))
                if n < ORDER:
                    line += "\t%.4f" % log10(backoffs[n].get(gram, 1.0))
                arpa.write(line + "\n")
        arpa.write("\n\\end\\\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", action="append", help="a corpus file (repeatable)")
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("--dict", default=DEFAULT_DICT, help="the generic pronunciation dictionary")
    parser.add_argument("--espeak", default="espeak-ng")
    parser.add_argument("--pronunciations", default=DEFAULT_PRONUNCIATIONS, help="hand-checked pronunciations")
    args = parser.parse_args(argv)

    sentences = read_corpus(args.corpus or [DEFAULT_CORPUS])
    if not sentences:
        sys.exit("The corpus holds no sentences")
    known = read_dictionary_words(args.dict)
    vocabulary = sorted({word for words in sentences for word in words})
    new_words = [word for word in vocabulary if word not in known]
    checked = read_pronunciations(args.pronunciations)
    pronounced = {word: checked[word] for word in new_words if word in checked}
    pronounced.update(espeak_pronunciations([word for word in new_words if word not in checked], args.espeak))
    unpronounceable = sorted(set(new_words) - set(pronounced))
    if unpronounceable:
        print("Left out (no pronunciation): " + ", ".join(unpronounceable), file=sys.stderr)
        dropped = set(unpronounceable)
        sentences = [words for words in sentences if not dropped.intersection(words)]

    probs, backoffs = estimate(count_ngrams(sentences))
    os.makedirs(args.out, exist_ok=True)
    write_arpa(os.path.join(args.out, "clinical.arpa"), probs, backoffs)
    with open(os.path.join(args.out, "clinical.dict"), "w", encoding="utf-8") as dictionary:
        for word in sorted(pronounced):
            dictionary.write("%s %s\n" % (word, pronounced[word]))
    print(
        "%d sentences, %d words (%d added to the dictionary), %s n-grams"
        % (
            len(sentences),
            len(vocabulary) - len(unpronounceable),
            len(pronounced),
            "/".join(str(len(probs[n])) for n in range(1, ORDER + 1)),
        )
    )


if __name__ == "__main__":
    main()
