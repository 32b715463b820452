import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { Link } from 'react-router-dom';

export interface SidebarLink {
  to: string;
  text: string;
  /** An icon before the text (hidden from assistive technology). */
  icon?: ReactNode;
}

/** The links at the foot of a transcription sidebar, as a named navigation landmark. */
export function SidebarNavigation({ label, links }: { label: string; links: SidebarLink[] }) {
  return (
    <nav aria-label={label}>
      <Flex vertical gap="small">
        {links.map(({ to, text, icon }) => (
          <Link key={to} to={to}>
            {icon ? (
              <>
                {icon} {text}
              </>
            ) : (
              text
            )}
          </Link>
        ))}
      </Flex>
    </nav>
  );
}
