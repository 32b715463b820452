"""One speech stream recognised by pocketsphinx (Debian's python3-pocketsphinx, swig API 0.1.15).

The server (server/src/features/speech/startPocketsphinxWorker.ts) starts one of these per live stream or audio
file and decides where utterances begin and end; this process only decodes. It reads frames from standard input,
each a one-byte kind, a little-endian uint32 payload length, then the payload:

  W  add words to the vocabulary (before the first B); payload: JSON {"words": [...]}: each word the
     dictionary lacks is pronounced by espeak-ng (espeakPhones.py); answered {"type": "vocabulary", "added": [...],
     "unpronounceable": [...]}
  B  begin an utterance; payload: JSON {"start": seconds from the start of the audio}
  A  audio of the utterance: 16 kHz mono signed 16-bit little-endian samples
  P  report the utterance so far (a partial)
  E  end the utterance and report its final text
  Q  quit

and writes one JSON line per P or E: {"type": "partial"|"final", "text", "confidence", "start", "end"} with
confidence 0-1 (the mean posterior of the recognised words) or null, start and end in seconds. A final is written
for every E, even when nothing was recognised (text ""), so the server can tell when a flush is over. Standard
error carries the reason when the model cannot be loaded or a frame is malformed.

With `--clinical DIR` the generic en-us language model is interpolated, word by word as it decodes, with the
clinical model built by buildClinicalModel.py (DIR/clinical.arpa, its new words' pronunciations in
DIR/clinical.dict), each weighted by `--clinical-weight` (0-1) and the generic model by the rest. The Python
bindings expose no interpolation, so the model set is switched to it through sphinxbase's C API
(ngram_model_set_interp) and handed to the decoder through pocketsphinx's (ps_set_lm).
"""

import argparse
import ctypes
import json
import os
import re
import struct
import sys
import tempfile

from pocketsphinx import Decoder, NGramModelSet

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from espeakPhones import espeak_pronunciations  # noqa: E402

SAMPLE_RATE_HZ = 16000
BYTES_PER_SAMPLE = 2
MODEL_DIR = "/usr/share/pocketsphinx/model/en-us"
GENERIC_LM = MODEL_DIR + "/en-us.lm.bin"
HEADER = struct.Struct("<cI")
# Silence, breath and noise markers of the en-us model and the sentence boundaries: not words.
FILLER_PREFIXES = ("<", "[", "++")
MIXED_SEARCH = b"clinical-mix"


def read_pronunciations(path):
    entries = []
    with open(path, encoding="utf-8") as dictionary:
        for line in dictionary:
            parts = line.split(None, 1)
            if len(parts) == 2:
                entries.append((parts[0], parts[1].strip()))
    return entries


def pointer(swig_object):
    return ctypes.c_void_p(int(swig_object.this))


def use_clinical_model(decoder, config, clinical_dir, weight):
    """Adds the clinical words and decodes with the generic and clinical models interpolated."""
    for word, phones in read_pronunciations(os.path.join(clinical_dir, "clinical.dict")):
        if decoder.lookup_word(word) is None:
            decoder.add_word(word, phones, False)
    with tempfile.NamedTemporaryFile("w", suffix=".lmctl", delete=False) as control:
        control.write("%s generic\n%s clinical\n" % (GENERIC_LM, os.path.join(clinical_dir, "clinical.arpa")))
    try:
        models = NGramModelSet(config, decoder.get_logmath(), control.name)
    finally:
        os.unlink(control.name)
    sphinxbase = ctypes.CDLL("libsphinxbase.so.3")
    pocketsphinx = ctypes.CDLL("libpocketsphinx.so.3")
    sphinxbase.ngram_model_set_interp.restype = ctypes.c_void_p
    names = (ctypes.c_char_p * 2)(b"generic", b"clinical")
    weights = (ctypes.c_float * 2)(1.0 - weight, weight)
    if not sphinxbase.ngram_model_set_interp(pointer(models), names, weights):
        raise RuntimeError("the language models could not be interpolated")
    if pocketsphinx.ps_set_lm(pointer(decoder), MIXED_SEARCH, pointer(models)) < 0:
        raise RuntimeError("the interpolated language model was refused")
    if pocketsphinx.ps_set_search(pointer(decoder), MIXED_SEARCH) < 0:
        raise RuntimeError("the interpolated language model could not be selected")
    # The decoder keeps its own reference; this one keeps the Python wrapper from freeing it first.
    return models


def create_decoder(options):
    config = Decoder.default_config()
    config.set_string("-hmm", MODEL_DIR + "/en-us")
    config.set_string("-lm", GENERIC_LM)
    config.set_string("-dict", MODEL_DIR + "/cmudict-en-us.dict")
    config.set_string("-logfn", "/dev/null")
    decoder = Decoder(config)
    models = None
    if options.clinical:
        models = use_clinical_model(decoder, config, options.clinical, options.clinical_weight)
    return decoder, models


def add_vocabulary(decoder, words):
    """The user's own words (drug names, hospitals, surgeons): each one the dictionary lacks, pronounced by espeak-ng.
    Answers the words added and those espeak-ng could not pronounce."""
    wanted = []
    for entry in words:
        for word in re.sub(r"[^a-z' ]+", " ", str(entry).lower().replace("-", " ")).split():
            word = word.strip("'")
            if word and decoder.lookup_word(word) is None and word not in wanted:
                wanted.append(word)
    pronunciations = espeak_pronunciations(wanted)
    pronounced = [(word, pronunciations[word]) for word in wanted if word in pronunciations]
    for index, (word, phones) in enumerate(pronounced):
        # The search is rebuilt once, after the last word.
        decoder.add_word(word, phones, index == len(pronounced) - 1)
    return [word for word, _ in pronounced], [word for word in wanted if word not in pronunciations]


def read_exactly(stream, length):
    data = stream.read(length)
    if data is None or len(data) < length:
        return None
    return data


def mean_word_posterior(decoder):
    """The mean posterior probability of the recognised words, or None when the decoder gives none."""
    logmath = decoder.get_logmath()
    posteriors = []
    for segment in decoder.seg():
        if segment.word.startswith(FILLER_PREFIXES):
            continue
        posteriors.append(min(1.0, max(0.0, logmath.exp(segment.prob))))
    if not posteriors:
        return None
    return sum(posteriors) / len(posteriors)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clinical", help="the folder of clinical.arpa and clinical.dict")
    parser.add_argument("--clinical-weight", type=float, default=0.5)
    decoder, _models = create_decoder(parser.parse_args())
    stdin = sys.stdin.buffer
    stdout = sys.stdout
    in_utterance = False
    utterance_start = 0.0
    utterance_samples = 0

    def report(kind, text, confidence):
        end = utterance_start + utterance_samples / SAMPLE_RATE_HZ
        line = {"type": kind, "text": text, "confidence": confidence, "start": utterance_start, "end": end}
        stdout.write(json.dumps(line) + "\n")
        stdout.flush()

    while True:
        header = read_exactly(stdin, HEADER.size)
        if header is None:
            break
        kind, length = HEADER.unpack(header)
        payload = read_exactly(stdin, length) if length else b""
        if payload is None:
            break
        if kind == b"W":
            added, unpronounceable = add_vocabulary(decoder, json.loads(payload.decode("utf-8"))["words"])
            stdout.write(json.dumps({"type": "vocabulary", "added": added, "unpronounceable": unpronounceable}) + "\n")
            stdout.flush()
        elif kind == b"B":
            if in_utterance:
                decoder.end_utt()
            utterance_start = float(json.loads(payload.decode("utf-8"))["start"])
            utterance_samples = 0
            decoder.start_utt()
            in_utterance = True
        elif kind == b"A":
            if not in_utterance:
                sys.stderr.write("audio outside an utterance\n")
                sys.exit(2)
            decoder.process_raw(payload, False, False)
            utterance_samples += len(payload) // BYTES_PER_SAMPLE
        elif kind == b"P":
            hypothesis = decoder.hyp() if in_utterance else None
            # Posteriors exist only once an utterance has ended: a partial has no confidence.
            report("partial", hypothesis.hypstr if hypothesis else "", None)
        elif kind == b"E":
            text = ""
            confidence = None
            if in_utterance:
                decoder.end_utt()
                in_utterance = False
                hypothesis = decoder.hyp()
                if hypothesis and hypothesis.hypstr:
                    text = hypothesis.hypstr
                    confidence = mean_word_posterior(decoder)
            report("final", text, confidence)
        elif kind == b"Q":
            break
        else:
            sys.stderr.write("unknown frame kind %r\n" % kind)
            sys.exit(2)


if __name__ == "__main__":
    main()
