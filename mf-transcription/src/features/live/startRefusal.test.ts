import { startRefusal } from './startRefusal';

test('needs a type first, then a patient, then the connection', () => {
  expect(startRefusal({ typeId: null, patientId: null, connected: false })).toBe(
    'Please select a transcription type first',
  );
  expect(startRefusal({ typeId: 1, patientId: null, connected: false })).toBe('No patient selected');
  expect(startRefusal({ typeId: 1, patientId: 101, connected: false })).toBe(
    'Not connected to transcription service',
  );
});

test('allows a start with all three', () => {
  expect(startRefusal({ typeId: 1, patientId: 101, connected: true })).toBeNull();
});
