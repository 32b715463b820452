import { makeStructuredTemplateListItem } from '../testing-support/structuredTemplateHandlers';
import { filterTemplates, shownOfTotal } from './filterTemplates';

const injury = makeStructuredTemplateListItem({
  ID_Template: 1,
  template_name: 'Personal injury report',
  description: 'Road traffic and workplace claims',
});
const negligence = makeStructuredTemplateListItem({
  ID_Template: 2,
  template_name: 'Clinical negligence',
  description: 'Breach of duty and causation',
});
const prognosis = makeStructuredTemplateListItem({
  ID_Template: 3,
  template_name: 'Condition and prognosis',
  description: null,
});
const all = [injury, negligence, prognosis];

describe('filterTemplates', () => {
  it('keeps every template, in order, when the search is blank', () => {
    expect(filterTemplates(all, '')).toEqual(all);
    expect(filterTemplates(all, '   ')).toEqual(all);
  });

  it('matches the name, ignoring case and surrounding spaces', () => {
    expect(filterTemplates(all, '  CLINICAL ')).toEqual([negligence]);
  });

  it('matches the description, and a template without one only by its name', () => {
    expect(filterTemplates(all, 'causation')).toEqual([negligence]);
    expect(filterTemplates(all, 'prognosis')).toEqual([prognosis]);
  });

  it('keeps every template matching by name or by description', () => {
    // 'and' is in the third's name and in the other two's descriptions.
    expect(filterTemplates(all, 'and')).toEqual(all);
    expect(filterTemplates(all, 'claims')).toEqual([injury]);
  });

  it('finds nothing when nothing matches', () => {
    expect(filterTemplates(all, 'orthodontics')).toEqual([]);
  });
});

describe('shownOfTotal', () => {
  it('counts the shown templates out of all of them', () => {
    expect(shownOfTotal(filterTemplates(all, 'clinical').length, all.length)).toBe(
      'Showing 1 of 3 templates',
    );
  });
});
