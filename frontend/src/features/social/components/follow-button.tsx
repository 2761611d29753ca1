import { UserCheck, UserPlus } from 'lucide-react';
import { Button, type ButtonSize } from '../../../ui/button';
import { useFollowToggle } from '../api/follow-user';

interface FollowButtonProps {
  userId: number;
  /** Whose name the button names for screen readers. */
  name: string;
  isFollowing: boolean;
  size?: ButtonSize;
  className?: string;
}

/** Follow / Following for one user; disabled while its request is pending (spec §4). */
export function FollowButton({ userId, name, isFollowing, size = 'sm', className }: FollowButtonProps) {
  const toggle = useFollowToggle(userId);
  const pending = toggle.isPending;
  return (
    <Button
      variant={isFollowing ? 'secondary' : 'primary'}
      size={size}
      className={className}
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={isFollowing ? `Unfollow ${name}` : `Follow ${name}`}
      onClick={() => toggle.mutate(!isFollowing)}
    >
      {isFollowing ? <UserCheck aria-hidden className="size-4" /> : <UserPlus aria-hidden className="size-4" />}
      {isFollowing ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
