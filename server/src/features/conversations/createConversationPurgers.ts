import type { PatientDataPurger } from '../patients/patientDataPurgers.js';
import { createAnswerCacheRepository } from './answerCacheRepository.js';
import { createConversationRepository } from './conversationRepository.js';

/**
 * The record questions' share of "Delete all patient data", as two counts in its answer:
 * `conversation_entries` (every user's questions about the patient and the answers they got) and `cached_answers`
 * (the answers kept to repeat an identical question).
 */
export function createConversationPurgers(): PatientDataPurger[] {
  return [
    {
      name: 'conversation_entries',
      purge: (tx, patientId) => createConversationRepository(tx).deleteAllOfPatient(patientId),
    },
    {
      name: 'cached_answers',
      purge: (tx, patientId) => createAnswerCacheRepository(tx).deleteAllOfPatient(patientId),
    },
  ];
}
