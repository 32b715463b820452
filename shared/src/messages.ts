// Every user-visible message of AUTH-01, PAT-07 and PROD-04, verbatim. Screens use these names, never copies.

export const MESSAGES = {
  // Sign-in and session
  loginFailed: 'Login failed',
  verificationFailed: 'Verification failed',
  invalidResponse: 'Invalid response from server',
  restoringSession: 'Restoring your session...',
  usernameRequired: 'Please enter your username',
  passwordRequired: 'Please enter your password',
  codeRequired: 'Please enter the 6-digit code',
  codeTooLong: 'The code has at most 6 characters',

  // General rule
  genericError: 'An error occurred',

  // Patients
  noPatientSelected: 'No patient selected. Please select a patient from the Patient menu first.',
  noGroup: 'User group information is not available. Please log in again.',
  searchFailed: 'An error occurred while searching for patients. Please try again.',
  saveFailed: 'An error occurred while saving the patient.',
  updateFailed: 'An error occurred while updating the patient.',
  duplicateWarning: 'A patient with the same name and date of birth already exists in your group.',
  duplicateConfirm: 'A patient with the same name and date of birth already exists. Do you want to continue?',
  noSimpleResults: 'No patients found in your group matching the search criteria.',
  noResultsForTerm: (term: string) =>
    `No patients found matching "${term}". Try a different search term or add a new patient.`,
  noAdvancedResults: 'No patients found matching the advanced search criteria.',
  emptyAdvancedTable: 'No patients found. Try adjusting your search filters.',
  loadPatientFailed: 'Failed to load patient information',
  loadPatientFromQueryFailed: 'Could not load the specified patient. Please search and select manually.',
  deleteDataFailed: 'Failed to delete patient data. Please try again.',
  deleteDataSuccess: 'All patient data has been successfully deleted.',
  patientUpdated: 'Patient information updated successfully',
  searchGroupNote: 'Results show patients in your group only',
  notSpecified: 'Not specified',

  // Patient form validation
  firstNameRequired: 'First name is required',
  surnameRequired: 'Surname is required',
  dateOfBirthRequired: 'Date of birth is required',
  mrnRequired: 'MRN is required',
  typeMoreCharacters: (n: number) => `Type ${n} more character(s) to search`,
} as const;
