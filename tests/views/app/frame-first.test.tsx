/**
 * FrameFirst (src/views/shared/FrameFirst.tsx): the frame is committed first and the large tree
 * after it, in a render of its own (a transition); the signed-in console renders this way (App.tsx).
 */
import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { FrameFirst, ShellOnScreen } from '../../../src/views/shared/FrameFirst';

function Mark({ name, commits }: { name: string; commits: string[] }) {
  useLayoutEffect(() => {
    commits.push(name);
  }, [name, commits]);
  return <p>{name}</p>;
}

describe('FrameFirst', () => {
  it('commits the frame, then the children in a render of their own', async () => {
    const commits: string[] = [];
    render(
      <FrameFirst frame={<Mark name="frame" commits={commits} />}>
        <Mark name="console" commits={commits} />
      </FrameFirst>,
    );
    expect(await screen.findByText('console')).toBeInTheDocument();
    expect(commits).toEqual(['frame', 'console']);
    expect(screen.queryByText('frame')).not.toBeInTheDocument();
    expect(screen.queryByText('frame')).not.toBeInTheDocument();
  });

  it('under the prerendered shell, commits the children at once: the shell is the frame', async () => {
    const commits: string[] = [];
    render(
      <ShellOnScreen.Provider value>
        <FrameFirst frame={<Mark name="frame" commits={commits} />}>
          <Mark name="console" commits={commits} />
        </FrameFirst>
      </ShellOnScreen.Provider>,
    );
    expect(await screen.findByText('console')).toBeInTheDocument();
    expect(commits).toEqual(['console']);
  });
});
