import { useCallback, useState } from 'react';
import { MY_WORDS_MAX } from '@ewrt/contract/limits';
import { getGroupWords, saveGroupWords } from '../api/transcriptionApi';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';
import { WordListCard, type WordList } from './WordListCard';

const MESSAGES = {
  loadFailed: LIVE_TRANSCRIPTION_MESSAGES.groupWordsLoadFailed,
  saveFailed: LIVE_TRANSCRIPTION_MESSAGES.groupWordsSaveFailed,
  saved: LIVE_TRANSCRIPTION_MESSAGES.groupWordsSaved,
};

/**
 * The words of the user's group for the offline recogniser (its hospitals, surgeons, usual drugs): every member's
 * dictation knows them. Its group administrators change the list; members read it.
 */
export function GroupWordsCard() {
  const [group, setGroup] = useState<{ name: string | null; editable: boolean } | null>(null);
  const load = useCallback(async (): Promise<WordList> => {
    const list = await getGroupWords();
    setGroup({ name: list.group_name, editable: list.can_edit });
    return { words: list.words, editable: list.can_edit };
  }, []);
  // A user in no group has no group list.
  if (group && group.name === null) return null;
  const groupName = group?.name ?? 'your group';
  return (
    <WordListCard
      title="Group words"
      label="Words and names the recogniser should know for your group"
      hint={
        group?.editable ? (
          <>
            Hospitals, surgeons and usual drugs of {groupName}: one a line, up to {MY_WORDS_MAX}. Every
            member&apos;s dictation uses them from their next recording.
          </>
        ) : (
          <>
            The list of {groupName}, kept by its group administrators: every member&apos;s dictation uses it.
          </>
        )
      }
      saveLabel="Save group words"
      load={load}
      save={saveGroupWords}
      messages={MESSAGES}
    />
  );
}
