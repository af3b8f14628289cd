import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/services/config';
import { ConfigErrorScreen } from '../../../src/views/app/ConfigErrorScreen';
import { getSystem } from '../../../src/views/theme/system';

describe('ConfigErrorScreen', () => {
  it('names each missing or invalid setting instead of showing a blank page', () => {
    let problems: ConfigError['problems'] = [];
    try {
      loadConfig({ VITE_API_BASE_URL: 'https://api.example', VITE_COGNITO_USER_POOL_ID: 'bad', VITE_COGNITO_CLIENT_ID: 'x' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    render(
      <ChakraProvider value={getSystem()}>
        <ConfigErrorScreen problems={problems} />
      </ChakraProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The console is not configured' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('VITE_COGNITO_USER_POOL_ID: VITE_COGNITO_USER_POOL_ID must look like <region>_<id>');
    expect(alert).toHaveTextContent('VITE_STRIPE_PUBLISHABLE_KEY: VITE_STRIPE_PUBLISHABLE_KEY is missing');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(2);
  });
});
