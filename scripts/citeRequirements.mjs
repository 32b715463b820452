#!/usr/bin/env node
// Rewrites citations of documents kept outside the repository ("part 1 §5", "(§7 \"Realtime socket events\")",
// "ARCHITECTURE §2", "architecture section 6", "TOOLCHAIN.md") into the ids of docs/requirements/, using
// docs/requirements/spec-sections.json. A spec section covers several requirements: of the ids listed for it, the
// one whose area matches the file's path and whose words best match the citing lines is chosen.
//
//   node scripts/citeRequirements.mjs            rewrite the tracked files, print the counts and what it could not map
//   node scripts/citeRequirements.mjs --dry-run  the same, writing nothing
//   node scripts/citeRequirements.mjs --check    write nothing; exit 1 if any citation of an outside document remains
//   add --verbose to list every replacement, --explain to list it with each candidate id's fit.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUIREMENTS_DIR = 'docs/requirements';
const SELF = 'scripts/citeRequirements.mjs';
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|ya?ml|sh|sql|css|html)$/;

const args = new Set(process.argv.slice(2));
const CHECK = args.has('--check');
const DRY_RUN = CHECK || args.has('--dry-run');
const VERBOSE = args.has('--verbose');
const EXPLAIN = args.has('--explain');
/** With --explain, each candidate's fit for the citation being mapped. */
let explanation = [];

// ---------------------------------------------------------------------------------------------------------------
// The requirements: id → heading, anchor, words.

const STOP_WORDS = new Set(
  `the and for with from that this its are was were not but all any one each per into out off than then when
  what which who whom whose where while both only also more most some such own same other else there here they
  them their these those has have had can may must does did done being been will would could should about under
  over after before between without within upon via like just says said spec part parts section sections see
  verbatim words word text gives give given used uses using use shown show shows`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-case word stems of a text, common words left out. */
function stems(text) {
  return (text.toLowerCase().match(/[a-z][a-z0-9]{2,}/g) ?? [])
    .filter((word) => !STOP_WORDS.has(word))
    .map((word) => word.replace(/(ing|ed|es|s)$/, ''))
    .filter((word) => word.length >= 3);
}

/** GitHub's anchor for a heading. */
function anchorOf(heading) {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}

function readRequirements() {
  const requirements = new Map();
  for (const file of readdirSync(path.join(ROOT, REQUIREMENTS_DIR))) {
    if (!file.endsWith('.md') || file === 'README.md') continue;
    const text = readFileSync(path.join(ROOT, REQUIREMENTS_DIR, file), 'utf8');
    const areaStems = new Set(stems(text.match(/^# (.*)$/m)?.[1] ?? ''));
    const blocks = text.split(/^### /m).slice(1);
    for (const block of blocks) {
      const [heading, ...body] = block.split('\n');
      const id = heading.match(/^([A-Z]+-\d{2})\b/)?.[1];
      if (!id) continue;
      if (requirements.has(id)) throw new Error(`${id} is declared twice (${file})`);
      requirements.set(id, {
        id,
        file,
        anchor: anchorOf(heading),
        areaStems,
        titleStems: new Set(stems(heading.slice(id.length).replace(/`[^`]*`/g, ''))),
        bodyStems: new Set(stems(body.join(' '))),
      });
    }
  }
  return requirements;
}

const requirements = readRequirements();

/** How rare a word is among the requirements: a word most of them use ("patient") tells little. */
const rarity = new Map();
for (const requirement of requirements.values()) {
  for (const stem of new Set([...requirement.titleStems, ...requirement.bodyStems])) {
    rarity.set(stem, (rarity.get(stem) ?? 0) + 1);
  }
}
for (const [stem, count] of rarity) rarity.set(stem, Math.log(requirements.size / count));
const mapping = JSON.parse(readFileSync(path.join(ROOT, REQUIREMENTS_DIR, 'spec-sections.json'), 'utf8'));
const areas = mapping.areas;
const sections = mapping.sections;
const subsections = mapping.subsections;
const bareSectionParts = Object.entries(mapping.bareSectionParts).filter(([key]) => !key.startsWith('$'));
const overrides = mapping.overrides;

for (const [section, ids] of [
  ...Object.entries(sections),
  ...Object.entries(subsections),
  ...overrides.map((override) => [`the override for ${override.file}`, override.ids]),
]) {
  for (const id of ids) {
    if (!requirements.has(id))
      throw new Error(`spec-sections.json: ${section} names ${id}, which no requirement declares`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Choosing an id for one cited section.

/**
 * How well a requirement fits a citation: its area against the file's path, then its heading's, its area's and its
 * text's words against those of the citing lines (the text's words capped, so a long requirement does not win by
 * length alone).
 */
function fitOf(requirement, filePath, contextStems) {
  const area = requirement.id.split('-')[0];
  const lowerPath = filePath.toLowerCase();
  const pathFit = (areas[area]?.paths ?? []).some((fragment) => lowerPath.includes(fragment.toLowerCase()))
    ? 5
    : 0;
  let titleFit = 0;
  let areaFit = 0;
  let bodyFit = 0;
  for (const stem of new Set(contextStems)) {
    const weight = rarity.get(stem) ?? 0;
    if (requirement.titleStems.has(stem)) titleFit += 3 * weight;
    else if (requirement.areaStems.has(stem)) areaFit += 2 * weight;
    else if (requirement.bodyStems.has(stem)) bodyFit += weight;
  }
  return pathFit + titleFit + Math.min(areaFit, 8) + Math.min(bodyFit, 6);
}

/**
 * The id that replaces one cited section, or null when the mapping does not know the section. The words that name it
 * most surely (a quoted sub-heading, the words right beside the citation) count twice.
 */
function idFor(sectionKey, filePath, contextStems, nearStems = []) {
  const ids = sections[sectionKey] ?? subsections[sectionKey];
  if (!ids) return null;
  let best = ids[0];
  let bestFit = -1;
  for (const id of ids) {
    const requirement = requirements.get(id);
    const fit =
      fitOf(requirement, filePath, [...contextStems, ...nearStems]) + fitOf(requirement, '', nearStems);
    if (EXPLAIN) explanation.push(`${id}:${fit}`);
    if (fit > bestFit) [best, bestFit] = [id, fit];
  }
  return best;
}

/** `5`, `5-7` and `2.10–2.12` as the list of section numbers they name. */
function expandRange(first, last) {
  if (!last) return [first];
  const head = first.split('.');
  const tail = last.split('.');
  if (head.length !== tail.length || head.slice(0, -1).join('.') !== tail.slice(0, -1).join('.'))
    return [first, last];
  const prefix = head
    .slice(0, -1)
    .map((n) => `${n}.`)
    .join('');
  const numbers = [];
  for (let n = Number(head.at(-1)); n <= Number(tail.at(-1)); n += 1) numbers.push(`${prefix}${n}`);
  return numbers;
}

// ---------------------------------------------------------------------------------------------------------------
// Finding citations.

const QUOTED = String.raw`"[^"\n]{1,60}"`;
const MORE_QUOTED = String.raw`(?:(?:,| or|,? and) ${QUOTED})*`;
const TITLE = String.raw`(?: ${QUOTED}${MORE_QUOTED}| \(${QUOTED}${MORE_QUOTED}\))?`;
const NUMBER = String.raw`§ ?(\d+(?:\.\d+)*)`;
const ONE = String.raw`§ ?\d+(?:\.\d+)*${TITLE}`;
const SEPARATOR = String.raw`(?:, | and | or |[-–]| ?/ ?)`;
const LIST = String.raw`${ONE}(?:${SEPARATOR}${ONE})*`;

/** The forms a citation takes, most specific first; each gives the source key and the list of sections. */
const PATTERNS = [
  {
    name: 'part N §M (and lists, ranges, quoted sub-headings)',
    regex: new RegExp(String.raw`\b([Pp]art) ([123])(?:,)? (${LIST})`, 'g'),
    source: (match) => `part ${match[2]}`,
    list: (match) => match[3],
  },
  {
    name: '§M of part N',
    regex: new RegExp(String.raw`(${LIST}) of [Pp]art ([123])\b`, 'g'),
    source: (match) => `part ${match[2]}`,
    list: (match) => match[1],
  },
  {
    name: 'ARCHITECTURE §M',
    regex: new RegExp(String.raw`\bARCHITECTURE(?:\.md)? (${LIST})`, 'g'),
    source: () => 'architecture',
    list: (match) => match[1],
  },
  {
    name: 'architecture section M',
    regex: /\b[Aa]rchitecture section (\d+(?:\.\d+)*)/g,
    source: () => 'architecture',
    list: (match) => `§${match[1]}`,
  },
  {
    name: 'TOOLCHAIN(.md)',
    regex: /\bTOOLCHAIN(?:\.md)?(?: §\s?\d+(?:\.\d+)*)?/g,
    source: () => 'toolchain',
    list: () => '',
  },
  {
    name: 'bare §M (part from the line or the file)',
    regex: new RegExp(String.raw`(${LIST})`, 'g'),
    source: (match, line, filePath, unchanged) => {
      // The part a citation took from its line is read before the line's other citations were rewritten.
      const at = unchanged.indexOf(match[0]);
      const before = at >= 0 ? unchanged.slice(0, at) : line.slice(0, match.index);
      const named = [...before.matchAll(/\b[Pp]art (\d)\b|\b[Pp]art (\d)'s\b/g)].at(-1);
      if (named) return `part ${named[1] ?? named[2]}`;
      return bareSectionParts.find(([fragment]) => filePath.includes(fragment))?.[1] ?? null;
    },
    list: (match) => match[1],
  },
];

/** The sections a citation names, with any quoted sub-heading, in order. */
function citedSections(list) {
  const cited = [];
  const item = new RegExp(String.raw`${NUMBER}(${TITLE})(?:[-–]${NUMBER}(${TITLE}))?`, 'g');
  for (const match of list.matchAll(item)) {
    for (const number of expandRange(match[1], match[3]))
      cited.push({ number, title: match[2] || match[4] || '' });
  }
  return cited;
}

/** Joins ids as the original joined its sections: "A, B and C" when it ended with "and", else "A, B". */
function joinIds(ids, list) {
  if (ids.length === 1) return ids[0];
  const last = / (and|or) §[^§]*$/.exec(list)?.[1];
  return last ? `${ids.slice(0, -1).join(', ')} ${last} ${ids.at(-1)}` : ids.join(', ');
}

/** The text that replaces the ids: a link in Markdown, the bare ids elsewhere. */
function render(ids, list, filePath) {
  if (!filePath.endsWith('.md')) return joinIds(ids, list);
  const links = ids.map((id) => {
    const requirement = requirements.get(id);
    const target = path.posix.relative(
      path.posix.dirname(filePath),
      `${REQUIREMENTS_DIR}/${requirement.file}`,
    );
    return `[${id}](${target || requirement.file}#${requirement.anchor})`;
  });
  return joinIds(links, list);
}

// ---------------------------------------------------------------------------------------------------------------
// Rewriting one file.

/** An override names its file by path; a file moved to another folder since (same name) still matches. */
function sameFile(overrideFile, filePath) {
  return overrideFile === filePath || path.posix.basename(overrideFile) === path.posix.basename(filePath);
}

const counts = new Map(PATTERNS.map((pattern) => [pattern.name, 0]));
const unmapped = new Set();
const replacements = [];
const mentions = [];

/**
 * A citation's quoted sub-headings wrapped onto the next line of a comment ('§7 "Draft reports' / ' * and prompts"',
 * or '§7 "Style document" and' / ' * "Report templates")'). Moves the rest of them (and the punctuation after them) up,
 * so the citation can be read, and replaced, on one line.
 */
function joinWrappedHeadings(lines) {
  const quoted = String.raw`"[^"\n]*"(?:(?:,| or|,? and) "[^"\n]*")*`;
  const cited = String.raw`§ ?\d+(?:\.\d+)* \(?`;
  // The line ends inside a quoted name, after a separator that announces another, or after a complete name.
  const openQuote = new RegExp(String.raw`${cited}(?:${quoted}(?:,| or|,? and) )?"[^"\n]*$`);
  const moreToCome = new RegExp(String.raw`${cited}${quoted}(?:,| or|,? and)$`);
  const complete = new RegExp(String.raw`${cited}${quoted}$`);
  const rest = String.raw`[^"\n]{1,60}"(?:(?:,| or|,? and) "[^"\n]{1,60}")*\)?[.,:;]*`;
  for (let index = 0; index + 1 < lines.length; index += 1) {
    const line = lines[index];
    const start = openQuote.test(line)
      ? ''
      : moreToCome.test(line)
        ? '"'
        : complete.test(line)
          ? String.raw`(?:,|or|, and|and) "`
          : null;
    if (start === null) continue;
    const next = new RegExp(String.raw`^(\s*(?:\*|\/\/|#)?)\s*(${start}${rest})\s*(.*)$`).exec(
      lines[index + 1],
    );
    if (!next) continue;
    lines[index] = `${line}${next[2].startsWith(',') ? '' : ' '}${next[2]}`;
    lines[index + 1] = next[3] ? `${next[1]}${next[1].trim() ? ' ' : ''}${next[3]}` : next[1];
  }
}

function rewrite(filePath, text) {
  const lines = text.split('\n');
  const original = lines.join('\n');
  joinWrappedHeadings(lines);
  let changed = lines.join('\n') !== original;
  for (let index = 0; index < lines.length; index += 1) {
    const unchanged = lines[index];
    let line = lines[index];
    const contextStems = stems([lines[index - 1] ?? '', line, lines[index + 1] ?? ''].join(' '));
    for (const pattern of PATTERNS) {
      line = line.replace(pattern.regex, (...groups) => {
        const whole = groups[0];
        const offset = groups.at(-2);
        const match = Object.assign([...groups.slice(0, -2)], { index: offset });
        const list = pattern.list(match);
        const override = overrides.find(
          (candidate) =>
            sameFile(candidate.file, filePath) &&
            candidate.cite === whole &&
            unchanged.includes(candidate.line),
        );
        if (override) {
          const replacement = render(override.ids, list, filePath);
          counts.set(pattern.name, counts.get(pattern.name) + 1);
          replacements.push(`${filePath}:${index + 1}: ${whole} → ${replacement} (override)`);
          return replacement;
        }
        const source = pattern.source(match, line, filePath, unchanged);
        const cited = source === 'toolchain' ? [{ number: '', title: '' }] : citedSections(list);
        if (!source || cited.length === 0) {
          unmapped.add(`${filePath}:${index + 1}: ${whole} (no part known)`);
          return whole;
        }
        const ids = [];
        explanation = [];
        // The words right beside a citation ("the §6 patient feature") say most about what it cites.
        const nearStems = stems(
          `${line.slice(Math.max(0, offset - 40), offset)} ${line.slice(offset + whole.length, offset + whole.length + 40)}`,
        );
        for (const { number, title } of cited) {
          const key = source === 'toolchain' ? 'toolchain' : `${source} §${number}`;
          const headings = [...title.matchAll(/"([^"]+)"/g)].map((quoted) => quoted[1]);
          const found = (headings.length > 0 ? headings : ['']).map(
            (heading) =>
              (heading && idFor(`${key} "${heading}"`, filePath, contextStems, nearStems)) ||
              idFor(key, filePath, contextStems, [...stems(heading), ...nearStems]),
          );
          if (found.includes(null)) {
            unmapped.add(`${filePath}:${index + 1}: ${whole} (${key} is not in spec-sections.json)`);
            return whole;
          }
          for (const id of found) if (!ids.includes(id)) ids.push(id);
        }
        const replacement = render(ids, list, filePath);
        counts.set(pattern.name, counts.get(pattern.name) + 1);
        replacements.push(
          `${filePath}:${index + 1}: ${whole} → ${replacement}${EXPLAIN ? `  [${explanation.join(' ')}]` : ''}`,
        );
        return replacement;
      });
    }
    if (line !== lines[index]) {
      lines[index] = line;
      changed = true;
    }
    // Mentions of a part without a section: listed for a person to judge (project history, test data, or a loose
    // citation), never rewritten.
    if (/\b[Pp]arts? [123]\b(?! (?:of|done)\b)/.test(line)) {
      mentions.push(`${filePath}:${index + 1}: ${line.trim().slice(0, 140)}`);
    }
  }
  return changed ? lines.join('\n') : null;
}

// ---------------------------------------------------------------------------------------------------------------

const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => TEXT_FILE.test(file))
  .filter(
    (file) => !file.startsWith(`${REQUIREMENTS_DIR}/`) && file !== SELF && !file.endsWith('pnpm-lock.yaml'),
  )
  .filter((file) => !/(^|\/)(node_modules|dist)\//.test(file));

let filesChanged = 0;
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(ROOT, file), 'utf8');
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  const rewritten = rewrite(file, text);
  if (rewritten === null) continue;
  filesChanged += 1;
  if (!DRY_RUN) writeFileSync(path.join(ROOT, file), rewritten);
}

const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
if (VERBOSE || EXPLAIN) for (const replacement of replacements) console.info(replacement);
console.info(
  `${CHECK ? 'Citations of documents outside the repository' : DRY_RUN ? 'Would rewrite' : 'Rewrote'}:`,
);
for (const [name, count] of counts) console.info(`  ${String(count).padStart(4)}  ${name}`);
console.info(`  ${String(total).padStart(4)}  in all, in ${filesChanged} files`);
if (unmapped.size > 0) {
  console.info(`\nCould not map ${unmapped.size}:`);
  for (const line of unmapped) console.info(`  ${line}`);
}
if (mentions.length > 0) {
  console.info(
    `\n${mentions.length} lines name a part of the spec without a section (left as they are; check them):`,
  );
  for (const line of mentions) console.info(`  ${line}`);
}
if (CHECK && total + unmapped.size > 0) {
  console.info('\nCite docs/requirements ids instead (node scripts/citeRequirements.mjs rewrites them).');
  process.exit(1);
}
