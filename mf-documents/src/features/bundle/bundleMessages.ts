/** What the record bundle screen says (the spec gives none for this screen). */
export const BUNDLE_MESSAGES = {
  noPatientSelected: 'Select a patient to put their records in a bundle.',
  loadPatientFailed: 'The patient could not be loaded.',
  loadFailed: 'The bundle could not be loaded.',
  saveFailed: 'The order could not be saved. Your order is still on screen: try again.',
  orderSaved: 'Order saved',
  generateFailed: 'The bundle could not be started.',
  describeFailed: 'The description could not be saved. Try again.',
  downloadFailed: 'The bundle could not be downloaded.',
  jobFailed: (reason: string) => `The bundle could not be made: ${reason}`,
  jobCancelled: 'The bundle job was cancelled. The previous bundle, if any, is still current.',
  outOfDate:
    'Documents were added, removed or reordered since this bundle was made. Generate the bundle again to include the changes.',
  omittedFromOrder:
    'Duplicates omitted: copies set aside in Records review, listed in the index but not in the bundle',
  omittedFromBundle: 'Duplicates omitted from this bundle (listed in its index)',
  unsavedOrder: 'You have changed the order. Save it, or generate the bundle to save it and use it.',
} as const;
