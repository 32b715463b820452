"""One speech stream recognised by pocketsphinx (Debian's python3-pocketsphinx, swig API 0.1.15).

The server (server/src/features/speech/startPocketsphinxWorker.ts) starts one of these per live stream or audio
file and decides where utterances begin and end; this process only decodes. It reads frames from standard input,
each a one-byte kind, a little-endian uint32 payload length, then the payload:

  B  begin an utterance; payload: JSON {"start": seconds from the start of the audio}
  A  audio of the utterance: 16 kHz mono signed 16-bit little-endian samples
  P  report the utterance so far (a partial)
  E  end the utterance and report its final text
  Q  quit

and writes one JSON line per P or E: {"type": "partial"|"final", "text", "confidence", "start", "end"} with
confidence 0-1 (the mean posterior of the recognised words) or null, start and end in seconds. A final is written
for every E, even when nothing was recognised (text ""), so the server can tell when a flush is over. Standard
error carries the reason when the model cannot be loaded or a frame is malformed.
"""

import json
import struct
import sys

from pocketsphinx import Decoder

SAMPLE_RATE_HZ = 16000
BYTES_PER_SAMPLE = 2
MODEL_DIR = "/usr/share/pocketsphinx/model/en-us"
HEADER = struct.Struct("<cI")
# Silence, breath and noise markers of the en-us model and the sentence boundaries: not words.
FILLER_PREFIXES = ("<", "[", "++")


def create_decoder():
    config = Decoder.default_config()
    config.set_string("-hmm", MODEL_DIR + "/en-us")
    config.set_string("-lm", MODEL_DIR + "/en-us.lm.bin")
    config.set_string("-dict", MODEL_DIR + "/cmudict-en-us.dict")
    config.set_string("-logfn", "/dev/null")
    return Decoder(config)


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
    decoder = create_decoder()
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
        if kind == b"B":
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
