import { makeDocumentDeleteResponse as answer } from '../testing-support/documentFixtures';
import { deletionOutcome } from './deletionOutcome';

test('a deletion whose automatic rebuild succeeded is a plain success', () => {
  expect(deletionOutcome('scan.pdf', answer({}))).toEqual({
    kind: 'success',
    text: 'scan.pdf deleted successfully',
  });
});

test('a deletion without an automatic rebuild is a plain success', () => {
  expect(deletionOutcome('scan.pdf', answer({ performed: false, success: false }))).toEqual({
    kind: 'success',
    text: 'scan.pdf deleted successfully',
  });
});

test('a deletion whose automatic rebuild failed warns with the rebuild message', () => {
  expect(deletionOutcome('scan.pdf', answer({ success: false, message: 'index locked' }))).toEqual({
    kind: 'warning',
    text: 'scan.pdf deleted, but vector store rebuild failed: index locked',
  });
});
