import Flame from 'lucide-react/icons/flame';
import { findCategory } from '../../../../shared/categories.js';
import { Badge } from '../../../components/ui/badge.js';
import * as marketsCopy from '../../../copy/markets.js';

export function CategoryBadge({ categoryId }: { categoryId: string }) {
  const category = findCategory(categoryId);
  if (!category) return <Badge>{categoryId}</Badge>;
  return (
    <Badge className={category.color}>
      <span aria-hidden="true">{category.icon}</span>
      {category.name}
    </Badge>
  );
}

export function TrendingBadge() {
  return (
    <Badge tone="trending">
      <Flame aria-hidden="true" className="size-3.5" />
      {marketsCopy.categoryBadgeTendance}
    </Badge>
  );
}
