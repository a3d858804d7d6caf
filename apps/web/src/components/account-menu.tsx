import { Button, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconChevronDown, IconUser } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';

export interface MenuEntry {
  label: string;
  to?: string;
  onClick?: () => void;
}

/** A small disclosure menu: a button that shows a list of links; Escape or a click outside closes it. */
export function AccountMenu({ label, entries }: { label: string; entries: MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const ref = useClickOutside(() => setOpen(false));
  const id = useId();
  return (
    <div
      ref={ref}
      style={{ position: 'relative' }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <Button
        variant="default"
        leftSection={<IconUser size={16} aria-hidden />}
        rightSection={<IconChevronDown size={14} aria-hidden className="hide-on-phone" />}
        px="sm"
        aria-expanded={open}
        aria-controls={id}
        // The name starts with the text shown (WCAG "label in name"), then says what the button opens.
        aria-label={`${label}: account menu`}
        onClick={() => setOpen((o) => !o)}
      >
        <Text span size="sm" maw={{ base: 72, sm: 120 }} truncate className="account-menu-name">
          {label}
        </Text>
      </Button>
      {open && (
        <Paper
          id={id}
          shadow="md"
          withBorder
          p={4}
          style={{ position: 'absolute', right: 0, top: 'calc(100% + 4px)', zIndex: 300, minWidth: 190 }}
        >
          <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => (
              <li key={entry.label}>
                {entry.to ? (
                  <Link to={entry.to} className="menu-entry" onClick={() => setOpen(false)}>
                    {entry.label}
                  </Link>
                ) : (
                  <UnstyledButton
                    className="menu-entry"
                    onClick={() => {
                      setOpen(false);
                      entry.onClick?.();
                    }}
                  >
                    {entry.label}
                  </UnstyledButton>
                )}
              </li>
            ))}
          </Stack>
        </Paper>
      )}
    </div>
  );
}
