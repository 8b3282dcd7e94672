/**
 * The box around an admin table. A table fits its box wherever the layout allows (cards where the
 * box is narrow), but a long value can still make it wider: then the box scrolls sideways, and
 * becomes a named, focusable region so the keyboard can scroll it too (WCAG 2.1.1).
 */
import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';

interface Props extends Omit<HTMLAttributes<HTMLDivElement>, 'className'> {
  /** The region's name while it scrolls (the table's own name). */
  label: string;
  className?: string;
  children: ReactNode;
}

export default function TableWrap({ label, className, children, ...rest }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      {...rest}
      ref={box}
      className={className ? `admin-table-wrap ${className}` : 'admin-table-wrap'}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}
