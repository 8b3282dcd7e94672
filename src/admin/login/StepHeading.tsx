import { useEffect, useRef, type ReactNode } from 'react';
import { focusInView } from '../hooks/useFocusTarget';

interface Props {
  children: ReactNode;
  /** h2 in the login box; deeper inside a dashboard section. */
  level?: 2 | 3 | 4;
}

/** A step's heading: focus moves to it when the step appears, so a screen reader starts there. */
export default function StepHeading({ children, level = 2 }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusInView(heading.current), []);
  const Heading = (['h2', 'h3', 'h4'] as const)[level - 2]!;
  return (
    <Heading ref={heading} tabIndex={-1} className="admin-step__heading">
      {children}
    </Heading>
  );
}
