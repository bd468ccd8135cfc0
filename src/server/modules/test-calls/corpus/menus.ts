import type { MenuEntry } from '../../voice/call-context';
import type { Language } from '@shared/domain/languages';

/**
 * The menus the order corpus is said against: in each language a pizza place (one pizza with a size, a crust, a
 * style and three topping groups; drinks with a size) and a few other dishes, named in that language.
 */

type Group = [name: string, required: boolean, multiple: boolean, choices: string[]];

const dish = (
  id: string,
  name: string,
  priceCents: number,
  groups: Group[] = [],
  aliases: string[] = [],
): MenuEntry => ({
  id,
  name,
  aliases,
  description: null,
  priceCents,
  preparationTime: 15,
  isAvailable: true,
  categoryId: null,
  options: groups.map(([groupName, required, multiple, choices]) => ({
    name: groupName,
    required,
    multiple,
    choices: choices.map((choice, i) => ({ name: choice, priceDeltaCents: required ? i * 200 : 100 })),
  })),
});

// prettier-ignore
const EN_PIZZA: Group[] = [
  ['Size', true, false, ['Personal', 'Small', 'Medium', 'Large', 'Extra Large', 'Party Size']],
  ['Crust', false, false, ['Thin Crust', 'Thick Crust', 'Stuffed Crust', 'Gluten-Free Crust', 'Deep Dish', 'New York Style']],
  ['Style', false, false, ['Meat Lovers', 'Supreme', 'Hawaiian', 'Vegetarian', 'Margherita', 'Buffalo Chicken', 'Cheese Lovers', 'Vegan']],
  ['Meats', false, true, ['Pepperoni', 'Sausage', 'Ham', 'Bacon', 'Chicken', 'Ground Beef', 'Anchovies', 'Tuna', 'Meatballs', 'Salami']],
  ['Vegetables', false, true, ['Peppers', 'Onions', 'Olives', 'Mushrooms', 'Spinach', 'Tomatoes', 'Jalapenos', 'Pineapple', 'Banana Peppers', 'Garlic', 'Basil', 'Artichokes']],
  ['Cheese & Sauce', false, true, ['Extra Cheese', 'Feta', 'Parmesan', 'Ricotta', 'Cheddar', 'BBQ Sauce', 'Pesto', 'White Sauce']],
];
const EN_DRINK: Group[] = [['Size', true, false, ['Small', 'Medium', 'Large', 'Can', 'Bottle', '2 Liter']]];

// prettier-ignore
const ES_PIZZA: Group[] = [
  ['Tamaño', true, false, ['Personal', 'Chica', 'Mediana', 'Grande', 'Familiar']],
  ['Masa', false, false, ['Delgada', 'Gruesa', 'Orilla Rellena', 'Sin Gluten']],
  ['Estilo', false, false, ['Hawaiana', 'Mexicana', 'Vegetariana', 'Carnes Frías', 'Suprema']],
  ['Carnes', false, true, ['Pepperoni', 'Jamón', 'Salchicha', 'Tocino', 'Pollo', 'Chorizo', 'Atún']],
  ['Verduras', false, true, ['Champiñones', 'Cebolla', 'Pimiento', 'Aceitunas', 'Jalapeños', 'Piña', 'Tomate', 'Elote']],
  ['Queso', false, true, ['Queso Extra', 'Queso Crema', 'Parmesano']],
];
const ES_DRINK: Group[] = [['Tamaño', true, false, ['Chico', 'Mediano', 'Grande', 'Lata', 'Botella']]];

// prettier-ignore
const FR_PIZZA: Group[] = [
  ['Taille', true, false, ['Petite', 'Moyenne', 'Grande', 'Géante']],
  ['Pâte', false, false, ['Pâte Fine', 'Pâte Épaisse', 'Sans Gluten', 'Bords Farcis']],
  ['Style', false, false, ['Reine', 'Quatre Fromages', 'Végétarienne', 'Orientale', 'Calzone']],
  ['Viandes', false, true, ['Jambon', 'Chorizo', 'Merguez', 'Poulet', 'Lardons', 'Thon', 'Anchois', 'Viande Hachée']],
  ['Légumes', false, true, ['Champignons', 'Oignons', 'Poivrons', 'Olives', 'Tomates', 'Ananas', 'Artichauts', 'Piments']],
  ['Fromages', false, true, ['Supplément Fromage', 'Chèvre', 'Mozzarella', 'Emmental', 'Gorgonzola', 'Crème Fraîche']],
];
const FR_DRINK: Group[] = [['Taille', true, false, ['Petit', 'Moyen', 'Grand', 'Canette', 'Bouteille']]];

// prettier-ignore
const ZH_PIZZA: Group[] = [
  ['尺寸', true, false, ['小份', '中份', '大份', '特大份']],
  ['饼底', false, false, ['薄底', '厚底', '芝心', '无麸质']],
  ['风味', false, false, ['夏威夷', '超级至尊', '素食', '肉食爱好者']],
  ['肉类', false, true, ['意式香肠', '火腿', '培根', '鸡肉', '牛肉', '金枪鱼']],
  ['蔬菜', false, true, ['蘑菇', '洋葱', '青椒', '橄榄', '菠萝', '番茄', '玉米', '辣椒']],
  ['芝士', false, true, ['加芝士', '马苏里拉']],
];
const ZH_DRINK: Group[] = [['杯型', true, false, ['小杯', '中杯', '大杯', '罐装', '瓶装']]];

// prettier-ignore
export const CORPUS_MENUS: Record<Language, MenuEntry[]> = {
  en: [
    dish('pizza', 'Pizza', 1000, EN_PIZZA),
    ...['Coke', 'Diet Coke', 'Pepsi', 'Sprite', 'Dr Pepper', 'Iced Tea', 'Lemonade', 'Ginger Ale', '7 Up', 'Water'].map((name) =>
      dish(name.toLowerCase().replace(/\s+/g, '-'), name, 199, EN_DRINK),
    ),
    dish('wings', 'Chicken Wings', 899, [['Sauce', false, false, ['Buffalo', 'BBQ', 'Honey Garlic', 'Plain']], ['Pieces', true, false, ['6 Pieces', '12 Pieces', '24 Pieces']]]),
    dish('garlic-bread', 'Garlic Bread', 499, [], ['garlic knots']),
    dish('caesar', 'Caesar Salad', 799, [['Add', false, true, ['Chicken', 'Bacon', 'Croutons']]]),
    dish('cannoli', 'Cannoli', 399),
  ],
  es: [
    dish('pizza', 'Pizza', 1000, ES_PIZZA),
    ...['Coca Cola', 'Coca Cola Light', 'Sprite', 'Fanta', 'Agua de Jamaica', 'Horchata', 'Agua Mineral', 'Limonada', 'Té Helado', 'Cerveza'].map((name) =>
      dish(name.toLowerCase().replace(/\s+/g, '-'), name, 199, ES_DRINK),
    ),
    dish('tacos-pastor', 'Tacos al Pastor', 899, [['Salsa', false, false, ['Verde', 'Roja', 'Habanero']]]),
    dish('burrito', 'Burrito de Pollo', 999, [['Extras', false, true, ['Guacamole', 'Queso', 'Crema', 'Frijoles']]]),
    dish('quesadilla', 'Quesadilla', 699),
    dish('churros', 'Churros', 399),
  ],
  fr: [
    dish('pizza', 'Pizza', 1000, FR_PIZZA),
    ...['Coca', 'Coca Zéro', 'Orangina', 'Ice Tea', 'Perrier', 'Eau Minérale', 'Limonade', 'Jus d’Orange', 'Sprite', 'Bière'].map((name) =>
      dish(name.toLowerCase().replace(/\s+/g, '-'), name, 199, FR_DRINK),
    ),
    dish('croque', 'Croque Monsieur', 650),
    dish('frites', 'Frites', 350, [['Sauce', false, false, ['Mayonnaise', 'Ketchup', 'Sauce Samouraï']]]),
    dish('salade', 'Salade César', 899),
    dish('tiramisu', 'Tiramisu', 450),
  ],
  zh: [
    dish('pizza', '披萨', 1000, ZH_PIZZA),
    ...['可乐', '无糖可乐', '雪碧', '芬达', '冰红茶', '柠檬水', '矿泉水', '橙汁', '奶茶', '啤酒'].map((name, i) =>
      dish(`drink-${i}`, name, 199, ZH_DRINK),
    ),
    dish('wings', '鸡翅', 899, [['口味', false, false, ['香辣', '蜜汁', '原味']]]),
    dish('fries', '薯条', 350),
    dish('dumplings', '猪肉饺子', 899),
    dish('fried-rice', '扬州炒饭', 999),
  ],
};
