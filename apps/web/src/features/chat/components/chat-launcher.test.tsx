import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChatLauncher } from './chat-launcher';

describe('the chatbot launcher', () => {
  it('opens the assistant in a drawer, loading the chat only then', async () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <ChatLauncher />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.queryByLabelText('Your question')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ask the assistant' }));
    expect(await screen.findByRole('dialog', { name: 'Shopping assistant' })).toBeTruthy();
    expect(await screen.findByLabelText('Your question')).toBeTruthy();
  });
});
