import { formatCount } from './countWords';

export interface ChatStatistic {
  label: string;
  value: number;
}

const ROW = { display: 'flex', justifyContent: 'space-between', gap: 12, padding: '4px 0' } as const;

/** The conversation's counts, as a list of terms and values. */
export function ChatStatistics({ items }: { items: readonly ChatStatistic[] }) {
  return (
    <dl style={{ margin: 0 }}>
      {items.map((item) => (
        <div key={item.label} style={ROW}>
          <dt>{item.label}</dt>
          <dd style={{ margin: 0, fontWeight: 600 }}>{formatCount(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
