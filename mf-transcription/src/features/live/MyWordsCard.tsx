import { MY_WORDS_MAX } from '@ewrt/contract/limits';
import { getMyWords, saveMyWords } from '../api/transcriptionApi';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';
import { WordListCard, type WordList } from './WordListCard';

const loadMyWords = async (): Promise<WordList> => ({ words: await getMyWords(), editable: true });

const MESSAGES = {
  loadFailed: LIVE_TRANSCRIPTION_MESSAGES.myWordsLoadFailed,
  saveFailed: LIVE_TRANSCRIPTION_MESSAGES.myWordsSaveFailed,
  saved: LIVE_TRANSCRIPTION_MESSAGES.myWordsSaved,
};

/**
 * The user's own words for the offline recogniser (drug names, local hospitals, surgeons' names), one a line:
 * added to its vocabulary for this user's dictation from the next recording.
 */
export function MyWordsCard() {
  return (
    <WordListCard
      title="My words"
      label="Words and names the recogniser should know"
      hint={
        <>
          Drug names, local hospitals, surgeons&apos; names: one a line, up to {MY_WORDS_MAX}. Used for your
          own dictation from your next recording.
        </>
      }
      saveLabel="Save my words"
      load={loadMyWords}
      save={saveMyWords}
      messages={MESSAGES}
    />
  );
}
