import { MESSAGES } from '@ewrt/shared';
import { EMPTY_PATIENT_FORM_VALUES, formValuesToPatientInput } from './patientFormValues';
import { validatePatientForm } from './validatePatientForm';

const complete = {
  ...EMPTY_PATIENT_FORM_VALUES,
  FirstName: 'Ann',
  Surname: 'Smith',
  DateOfBirth: '1980-05-12',
  MRN: 'DEMO-1',
};

describe('validatePatientForm', () => {
  it('requires first name, surname, date of birth and MRN with their messages', () => {
    expect(validatePatientForm(EMPTY_PATIENT_FORM_VALUES)).toEqual({
      FirstName: 'First name is required',
      Surname: 'Surname is required',
      DateOfBirth: 'Date of birth is required',
      MRN: 'MRN is required',
    });
  });

  it('treats text made only of spaces as empty', () => {
    expect(validatePatientForm({ ...complete, FirstName: '   ', MRN: '\t ' })).toEqual({
      FirstName: MESSAGES.firstNameRequired,
      MRN: MESSAGES.mrnRequired,
    });
  });

  it('accepts a complete form without optional fields', () => {
    expect(validatePatientForm(complete)).toEqual({});
  });
});

describe('formValuesToPatientInput', () => {
  it('sends empty optional fields as null and trims text', () => {
    expect(
      formValuesToPatientInput({
        ...complete,
        FirstName: '  Ann ',
        Solicitorname: '   ',
        Ourreference: ' R-1 ',
      }),
    ).toEqual({
      FirstName: 'Ann',
      Surname: 'Smith',
      DateOfBirth: '1980-05-12',
      MRN: 'DEMO-1',
      DateofEvent: null,
      Solicitorname: null,
      Solicitorcompany: null,
      Solicitorreference: null,
      Ourreference: 'R-1',
    });
  });
});
