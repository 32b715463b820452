"""Pronunciations for words the en-us dictionary lacks, from espeak-ng's phonemes mapped to the CMU phone set.

espeak-ng (`-x --sep=_ -v en-us`) writes a word as its own phoneme mnemonics; the en-us acoustic model of
pocketsphinx knows the 39 CMU (ARPAbet) phones. The table below maps one to the other; stress and syllable marks are
dropped (the acoustic model has no stress). A phoneme missing from the table makes the word unpronounceable here
(None), never a guess.
"""

import subprocess

ESPEAK_TO_CMU = {
    # Vowels and diphthongs.
    "a": "AE", "a#": "AH", "aa": "AA", "A:": "AA", "A@": "AA R", "A": "AA",
    "aI": "AY", "aI@": "AY ER", "aI3": "AY ER", "aU": "AW", "aU@": "AW ER",
    "@": "AH", "@-": "AH", "@2": "AH", "@5": "AH", "@L": "AH L", "@r": "ER",
    "3": "ER", "3:": "ER",
    "e": "EH", "E": "EH", "e@": "EH R", "eI": "EY",
    "i": "IY", "i:": "IY", "i@": "IY AH", "i@3": "IY R",
    "I": "IH", "I2": "IH", "I#": "IH",
    "0": "AA", "O": "AO", "O2": "AO", "O:": "AO", "O@": "AO R", "o@": "AO R", "oU": "OW", "OI": "OY",
    "u": "UW", "u:": "UW", "U": "UH", "U@": "UH R", "V": "AH",
    # Consonants.
    "p": "P", "b": "B", "t": "T", "t#": "T", "d": "D", "d#": "D", "k": "K", "g": "G", "x": "K",
    "f": "F", "v": "V", "T": "TH", "D": "DH", "s": "S", "z": "Z", "z#": "Z", "S": "SH", "Z": "ZH",
    "h": "HH", "m": "M", "n": "N", "n-": "N", "N": "NG", "l": "L", "l-": "L", "r": "R", "r-": "R",
    "w": "W", "j": "Y", "tS": "CH", "dZ": "JH", "?": "T",
}

# Stress, syllable and pause marks: the acoustic model has no use for them.
MARKS = "',%=;|_ \n"


def cmu_phones(espeak_phonemes):
    """The CMU phones of one word's espeak-ng phonemes (as `-x --sep=_` writes them), or None."""
    phones = []
    for token in espeak_phonemes.split("_"):
        token = token.strip(MARKS)
        if not token:
            continue
        mapped = ESPEAK_TO_CMU.get(token)
        if mapped is None:
            return None
        phones.extend(mapped.split())
    return " ".join(phones) if phones else None


def espeak_pronunciations(words, espeak_command="espeak-ng"):
    """{word: CMU phones} for each word espeak-ng can pronounce, asked in one run (one word a line)."""
    words = list(words)
    if not words:
        return {}
    result = subprocess.run(
        [espeak_command, "-q", "-x", "--sep=_", "-v", "en-us"],
        input="\n".join(words) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    lines = [line.strip() for line in result.stdout.splitlines() if line.strip()]
    if len(lines) != len(words):
        # espeak-ng joined or split lines: ask word by word instead.
        lines = [espeak_one(word, espeak_command) for word in words]
    pronunciations = {}
    for word, line in zip(words, lines):
        phones = cmu_phones(line)
        if phones:
            pronunciations[word] = phones
    return pronunciations


def espeak_one(word, espeak_command):
    result = subprocess.run(
        [espeak_command, "-q", "-x", "--sep=_", "-v", "en-us", word],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip()
