import { Award, Clock, Film, Globe, Heart, MessageCircle, Search, Sparkles, Star, Target, TrendingUp, Trophy, Users, Zap, type LucideIcon } from 'lucide-react';

/** Spec §3: the badge icon names and their pictures. */
const ICONS: Record<string, LucideIcon> = {
  trophy: Trophy,
  star: Star,
  target: Target,
  zap: Zap,
  award: Award,
  users: Users,
  film: Film,
  search: Search,
  heart: Heart,
  message: MessageCircle,
  trending: TrendingUp,
  clock: Clock,
  globe: Globe,
  sparkles: Sparkles,
};

/** The picture for a badge's icon name; anything the spec does not name shows the star. */
export function badgeIcon(name: string): LucideIcon {
  return Object.hasOwn(ICONS, name) ? ICONS[name]! : Star;
}
