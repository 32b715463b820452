import { makePatient } from '@ewrt/shared/testing';
import { DEFAULT_PATIENT_SORT, nextPatientSort, sortPatients } from './sortPatients';

describe('sortPatients', () => {
  const patients = [
    makePatient({ ID_Patient: 1, Surname: 'smith', FirstName: 'Zoe' }),
    makePatient({ ID_Patient: 2, Surname: 'Adams', FirstName: 'amy' }),
    makePatient({ ID_Patient: 3, Surname: 'Brown', FirstName: 'Bob' }),
  ];

  it('sorts by surname ascending by default, ignoring case', () => {
    expect(sortPatients(patients, DEFAULT_PATIENT_SORT).map((p) => p.Surname)).toEqual([
      'Adams',
      'Brown',
      'smith',
    ]);
  });

  it('sorts descending', () => {
    expect(
      sortPatients(patients, { field: 'FirstName', direction: 'descend' }).map((p) => p.FirstName),
    ).toEqual(['Zoe', 'Bob', 'amy']);
  });

  it('does not change the list it is given', () => {
    sortPatients(patients, DEFAULT_PATIENT_SORT);
    expect(patients.map((p) => p.ID_Patient)).toEqual([1, 2, 3]);
  });
});

describe('nextPatientSort', () => {
  it('flips the direction when the same header is clicked again', () => {
    const once = nextPatientSort(DEFAULT_PATIENT_SORT, 'Surname');
    expect(once).toEqual({ field: 'Surname', direction: 'descend' });
    expect(nextPatientSort(once, 'Surname')).toEqual({ field: 'Surname', direction: 'ascend' });
  });

  it('sorts ascending when another header is clicked', () => {
    expect(nextPatientSort({ field: 'Surname', direction: 'descend' }, 'MRN')).toEqual({
      field: 'MRN',
      direction: 'ascend',
    });
  });
});
