<?php
// Give test accounts their own user group with tuned conversation rights (what the bot's
// account needs on a real forum, see the README), through the suite's own PHP API:
//   php tune_groups.php SITE_DIR GROUP:user1,user2:option=value,option=value [...]
// option names without the "user.conversation." prefix, e.g.
//   Wolfbot:wolfbot:floodControlTime=0,maxStartedConversationsPer24Hours=-1,maxParticipants=100
// The group is created once (by name); its options are set every time, its members added.
// UserGroupEditor::resetCache() clears the permission caches and the users' cached groupIDs.
// Also clears the recorded failed logins (see the end).
$site = rtrim($argv[1], '/') . '/';
chdir($site);
$_SERVER['HTTP_HOST'] = 'localhost';
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['REMOTE_ADDR'] = '127.0.0.1';
$_SERVER['HTTP_USER_AGENT'] = 'tune_groups.php';
$_SERVER['REQUEST_METHOD'] = 'GET';
require_once $site . 'app.config.inc.php';
require_once WCF_DIR . 'lib/system/WCF.class.php';
new \wcf\system\WCF();
use wcf\system\WCF;

foreach (array_slice($argv, 2) as $spec) {
    [$name, $users, $options] = explode(':', $spec, 3);
    $statement = WCF::getDB()->prepare("SELECT groupID FROM wcf1_user_group WHERE groupName = ?");
    $statement->execute([$name]);
    $groupID = (int)$statement->fetchSingleColumn();
    if (!$groupID) {
        $action = new \wcf\data\user\group\UserGroupAction([], 'create', [
            'data' => ['groupName' => $name, 'groupType' => \wcf\data\user\group\UserGroup::OTHER, 'priority' => 10],
        ]);
        $groupID = $action->executeAction()['returnValues']->groupID;
        echo "group $name created ($groupID)\n";
    }
    foreach (array_filter(explode(',', $options)) as $pair) {
        [$option, $value] = explode('=', $pair, 2);
        $statement = WCF::getDB()->prepare("SELECT optionID FROM wcf1_user_group_option WHERE optionName = ?");
        $statement->execute(['user.conversation.' . $option]);
        $optionID = $statement->fetchSingleColumn();
        if (!$optionID) { fwrite(STDERR, "no option user.conversation.$option\n"); exit(2); }
        WCF::getDB()->prepare("REPLACE INTO wcf1_user_group_option_value (groupID, optionID, optionValue) VALUES (?, ?, ?)")
            ->execute([$groupID, $optionID, $value]);
        echo "group $name: user.conversation.$option=$value\n";
    }
    foreach (array_filter(explode(',', $users)) as $username) {
        $user = \wcf\data\user\User::getUserByUsername($username);
        if (!$user->userID) { fwrite(STDERR, "no user $username\n"); exit(2); }
        (new \wcf\data\user\UserEditor($user))->addToGroups([$groupID], false, false);
        echo "group $name: member $username\n";
    }
}
\wcf\data\user\group\UserGroupEditor::resetCache();
echo "caches reset\n";
// The suite's wrong-password tests count as failed logins from 127.0.0.1: WoltLab blocks the
// login form for an IP after 10 of them in 2 h (user_authentication_failure_ip_block, a 403
// for everyone on that IP) – forget earlier sessions' failures.
WCF::getDB()->prepare("DELETE FROM wcf1_user_authentication_failure")->execute();
echo "authentication failures cleared\n";
