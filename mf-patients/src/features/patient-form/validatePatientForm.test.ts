import { MESSAGES } from '@ewrt/shared';
import { EMPTY_PATIENT_FORM_VALUES, formValuesToPatientInput } from './patientFormValues';
import { DATE_FORMAT_MESSAGE, FUTURE_BIRTH_MESSAGE, validatePatientForm } from './validatePatientForm';

const complete = {
  ...EMPTY_PATIENT_FORM_VALUES,
  FirstName: 'Ann',
  Surname: 'Smith',
  DateOfBirth: '12/05/1980',
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

  it('asks for real dd/mm/yyyy dates and a date of birth no later than today', () => {
    expect(validatePatientForm({ ...complete, DateOfBirth: '31/02/1980', DateofEvent: 'last May' })).toEqual({
      DateOfBirth: DATE_FORMAT_MESSAGE,
      DateofEvent: DATE_FORMAT_MESSAGE,
    });
    expect(validatePatientForm({ ...complete, DateOfBirth: '01/01/2999' })).toEqual({
      DateOfBirth: FUTURE_BIRTH_MESSAGE,
    });
    expect(validatePatientForm({ ...complete, DateofEvent: '01/01/2999' })).toEqual({});
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
