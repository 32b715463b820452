import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { DownOutlined } from '@ant-design/icons';
import type { NavItem } from './navSections';

export interface NavMenuButtonProps {
  label: string;
  items: readonly NavItem[];
  onOpenItem: (item: NavItem) => void;
}

type FocusTarget = 'first' | 'last' | null;

/**
 * A navbar section as the WAI-ARIA menu button pattern: the button says whether its menu is open
 * (`aria-expanded`); Enter, Space or Arrow Down open it on the first item and Arrow Up on the last;
 * Arrow keys, Home and End move between items; Escape closes it and returns focus to the button; Tab,
 * a click elsewhere or choosing an item closes it.
 */
export function NavMenuButton({ label, items, onOpenItem }: NavMenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<FocusTarget>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const buttonId = useId();
  const menuId = useId();

  const openMenu = (focus: FocusTarget) => {
    setOpen(true);
    setFocusOnOpen(focus);
  };
  const closeMenu = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open || focusOnOpen === null) return;
    const target = focusOnOpen === 'first' ? itemRefs.current[0] : itemRefs.current[items.length - 1];
    target?.focus();
    setFocusOnOpen(null);
  }, [open, focusOnOpen, items.length]);

  useEffect(() => {
    if (!open) return undefined;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      closeMenu(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const focusItem = (index: number) => itemRefs.current[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        closeMenu(true);
        break;
      case 'Tab':
        closeMenu(false);
        break;
    }
  };

  return (
    <div className="host-navbar__menu" ref={wrapperRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="host-navbar__section"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          // A keyboard press has already opened the menu in onKeyDown; a click toggles it.
          if (event.detail === 0) return;
          if (open) closeMenu(false);
          else openMenu('first');
        }}
        onKeyDown={onButtonKeyDown}
      >
        {label} <DownOutlined aria-hidden />
      </button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="host-navbar__menu-list"
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <li key={item.key} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="host-navbar__menu-item"
                onClick={() => {
                  closeMenu(true);
                  onOpenItem(item);
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
