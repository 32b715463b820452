import { useCallback, useEffect, useRef, useState } from 'react';
import { DUPLICATE_CHECK_DELAY_MS } from '@ewrt/shared';
import { checkDuplicatePatient } from '../api/patientsApi';

export interface DuplicateCheckSubject {
  FirstName: string;
  Surname: string;
  DateOfBirth: string;
}

function isComplete(subject: DuplicateCheckSubject): boolean {
  return (
    subject.FirstName.trim() !== '' && subject.Surname.trim() !== '' && subject.DateOfBirth.trim() !== ''
  );
}

export interface DuplicateCheck {
  /** The answer of the latest completed check. */
  isDuplicate: boolean;
  /** Call after first name, surname or date of birth changed: checks once the user has paused. */
  schedule: (subject: DuplicateCheckSubject) => void;
  /** Before saving: runs a check still waiting for its delay (or waits for one in flight) and returns the answer. */
  settle: () => Promise<boolean>;
}

/**
 * Asks the server whether a patient with the same name and date of birth exists in the group,
 * about 500 ms after the last change, and only when all three are filled.
 */
export function useDuplicateCheck(excludePatientId: number | null): DuplicateCheck {
  const [isDuplicate, setIsDuplicate] = useState(false);
  const isDuplicateRef = useRef(false);
  const timerRef = useRef<number | null>(null);
  const waitingSubjectRef = useRef<DuplicateCheckSubject | null>(null);
  const inFlightRef = useRef<Promise<boolean> | null>(null);
  const latestRequestRef = useRef(0);

  const record = useCallback((requestId: number, answer: boolean) => {
    // An older answer arriving after a newer question must not overwrite it.
    if (requestId !== latestRequestRef.current) return;
    isDuplicateRef.current = answer;
    setIsDuplicate(answer);
  }, []);

  const run = useCallback(
    (subject: DuplicateCheckSubject): Promise<boolean> => {
      const requestId = ++latestRequestRef.current;
      if (!isComplete(subject)) {
        record(requestId, false);
        return Promise.resolve(false);
      }
      const request = checkDuplicatePatient({
        FirstName: subject.FirstName.trim(),
        Surname: subject.Surname.trim(),
        DateOfBirth: subject.DateOfBirth.trim(),
        excludePatientId,
      })
        .then((answer) => {
          record(requestId, answer.isDuplicate);
          return answer.isDuplicate;
        })
        .catch((error: unknown) => {
          // The check only warns; saving stays possible and the server still validates.
          console.error('Duplicate patient check failed', error);
          record(requestId, false);
          return false;
        })
        .finally(() => {
          if (inFlightRef.current === request) inFlightRef.current = null;
        });
      inFlightRef.current = request;
      return request;
    },
    [excludePatientId, record],
  );

  const cancelTimer = useCallback(() => {
    if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    timerRef.current = null;
    waitingSubjectRef.current = null;
  }, []);

  const schedule = useCallback(
    (subject: DuplicateCheckSubject) => {
      cancelTimer();
      waitingSubjectRef.current = subject;
      timerRef.current = window.setTimeout(() => {
        timerRef.current = null;
        waitingSubjectRef.current = null;
        void run(subject);
      }, DUPLICATE_CHECK_DELAY_MS);
    },
    [cancelTimer, run],
  );

  const settle = useCallback(async (): Promise<boolean> => {
    const waiting = waitingSubjectRef.current;
    if (waiting) {
      cancelTimer();
      return run(waiting);
    }
    if (inFlightRef.current) return inFlightRef.current;
    return isDuplicateRef.current;
  }, [cancelTimer, run]);

  useEffect(() => cancelTimer, [cancelTimer]);

  return { isDuplicate, schedule, settle };
}
