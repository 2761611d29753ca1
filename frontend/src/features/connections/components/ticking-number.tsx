import { animate, m, useMotionValue, useReducedMotion, useTransform } from 'framer-motion';
import { useEffect } from 'react';
import { formatCount } from '../../../lib/number-format';

/** A count that rolls up to each new value (instantly under reduced motion). */
export function TickingNumber({ value, className, format = formatCount }: { value: number; className?: string; format?: (value: number) => string }) {
  const reduce = useReducedMotion();
  const motionValue = useMotionValue(value);
  const text = useTransform(motionValue, (latest) => format(Math.round(latest)));
  useEffect(() => {
    if (reduce) {
      motionValue.set(value);
      return;
    }
    const controls = animate(motionValue, value, { duration: 0.45, ease: 'easeOut' });
    return () => controls.stop();
  }, [motionValue, reduce, value]);
  return <m.span className={className}>{text}</m.span>;
}
