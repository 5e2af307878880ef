/** app/more-menu.tsx */
export const moreMenuPlus = 'Plus';
export const moreMenuNouvelOnglet = '(nouvel onglet)';

/** app/search-category-sheet.tsx */
export const searchCategorySheetRechercherParCategorie = 'Rechercher par catégorie';
